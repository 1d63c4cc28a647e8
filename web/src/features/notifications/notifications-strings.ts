import { addPageStrings } from '@/lib/page-strings';
import en from './locales/en.json';
import ne from './locales/ne.json';

/**
 * The notification settings' and the delivery log's strings, with the Profile and the super
 * administrator's home that open them, not with the first download.
 */
export function addNotificationsStrings(): void {
  addPageStrings('notifications', en, ne);
}
