import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { addStaffStrings } from '../staff-strings';

addStaffStrings();

export interface StatTile {
  label: string;
  /** Already formatted for the reader's language. */
  value: string;
  /** What the figure counts, in a line under it. */
  counts: string;
  /** A share from 0 to 100, drawn as a bar under the value. */
  share?: number;
}

/** Figures as a grid of tiles: each a term (the label) with its value and what it counts. */
export function StatTiles({ tiles, className }: { tiles: StatTile[]; className?: string }) {
  const { t } = useTranslation();
  return (
    <dl aria-label={t('staff.figures.label')} className={cn('grid grid-cols-2 gap-3', className)}>
      {tiles.map((tile) => (
        <div
          key={tile.label}
          className="border-border bg-card flex flex-col gap-1 rounded-xl border p-4 shadow-sm"
        >
          <dt className="text-muted-foreground text-sm font-medium">{tile.label}</dt>
          <dd className="text-2xl font-bold tabular-nums">{tile.value}</dd>
          {tile.share !== undefined && (
            <dd aria-hidden="true" className="bg-muted mt-1 h-1.5 overflow-hidden rounded-full">
              <div
                className="bg-brand-600 h-full rounded-full"
                style={{ width: `${tile.share}%` }}
              />
            </dd>
          )}
          <dd className="text-muted-foreground text-xs">{tile.counts}</dd>
        </div>
      ))}
    </dl>
  );
}
