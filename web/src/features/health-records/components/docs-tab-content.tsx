import { useTranslation } from 'react-i18next';
import { SectionEmptyState } from './health-record-tabs';

/**
 * The Docs section: the patient's uploaded photos. Until uploads reach the server
 * there are none, so it shows its empty state; the list of uploads renders here.
 */
export function DocsTabContent() {
  const { t } = useTranslation();
  return <SectionEmptyState>{t('healthRecords.empty.docs')}</SectionEmptyState>;
}
