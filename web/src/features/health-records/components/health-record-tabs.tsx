import { Tabs } from 'radix-ui';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Arriving } from '@/lib/arriving';
import { useNumberFormat } from '@/lib/number-format';

export const healthRecordSections = ['timeline', 'meds', 'vitals', 'docs', 'summaries'] as const;
export type HealthRecordSection = (typeof healthRecordSections)[number];

export interface HealthRecordTab {
  section: HealthRecordSection;
  /** Shown once the section's list has arrived; "…" while it loads. */
  count: Arriving<number>;
  content: ReactNode;
}

export function SectionEmptyState({ children }: { children: ReactNode }) {
  return (
    <p className="border-border text-muted-foreground rounded-xl border border-dashed p-6 text-center text-sm">
      {children}
    </p>
  );
}

/**
 * The record's sections as tabs that stay in view while the section scrolls, just
 * under the shell's one-line mode banner. Each tab is as wide as its name needs and they share
 * what is left, so on a 360 px phone "Summaries" reads whole beside the short names.
 */
export function HealthRecordTabs({
  tabs,
  initial,
}: {
  tabs: HealthRecordTab[];
  initial?: HealthRecordSection | undefined;
}) {
  const { t } = useTranslation();
  const format = useNumberFormat();
  return (
    <Tabs.Root defaultValue={initial ?? tabs[0]?.section}>
      <Tabs.List
        aria-label={t('healthRecords.tabsLabel')}
        className="bg-background/95 sticky top-7 z-10 -mx-4 flex gap-1 px-4 py-2 backdrop-blur"
      >
        {tabs.map(({ section, count }) => (
          <Tabs.Trigger
            key={section}
            value={section}
            className="text-muted-foreground data-[state=active]:bg-brand-700 flex min-h-11 min-w-0 flex-auto flex-col items-center justify-center rounded-lg px-1 py-1 text-xs font-medium data-[state=active]:text-white"
          >
            <span className="text-center break-words">{t(`healthRecords.tabs.${section}`)}</span>{' '}
            <span className="tabular-nums">
              {typeof count === 'number'
                ? format.number(count)
                : count === 'loading' && t('healthRecords.counting')}
            </span>
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {tabs.map(({ section, content }) => (
        <Tabs.Content key={section} value={section} className="pt-3">
          {content}
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}
