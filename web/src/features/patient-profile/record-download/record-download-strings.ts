import { addPageStrings } from '@/lib/page-strings';
import en from './locales/en.json';
import ne from './locales/ne.json';

/** The download's strings, with the pages that offer it (Profile), not the first download. */
export function addRecordDownloadStrings(): void {
  addPageStrings('recordDownload', en, ne);
}
