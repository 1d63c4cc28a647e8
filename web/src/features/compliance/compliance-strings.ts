import { addPageStrings } from '@/lib/page-strings';
import en from './locales/en.json';
import ne from './locales/ne.json';

/** The Compliance page's strings, with its chunk: only the super administrator opens it. */
export function addComplianceStrings(): void {
  addPageStrings('compliance', en, ne);
}
