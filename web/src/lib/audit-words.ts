import { useTranslation } from 'react-i18next';
import en from './audit-locales/en.json';
import ne from './audit-locales/ne.json';
import { addPageStrings } from './page-strings';

// What the audit trail's entries and people are called, with the screens that show the trail
// (Compliance, "Who has seen my record"), not with the first download.
addPageStrings('auditWords', en, ne);

export type AuditRoleWord = keyof typeof en.roles;

/** An audit entry's kind and a reader's role in the reader's language. */
export function useAuditWords() {
  const { t } = useTranslation();
  return {
    /** "Chart opened" / "चार्ट खोलियो"; a kind this build does not know yet, as recorded. */
    type: (type: string): string =>
      Object.hasOwn(en.types, type) ? t(`auditWords.types.${type as keyof typeof en.types}`) : type,
    role: (role: AuditRoleWord): string => t(`auditWords.roles.${role}`),
  };
}
