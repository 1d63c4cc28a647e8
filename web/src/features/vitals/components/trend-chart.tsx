import { useTranslation } from 'react-i18next';
import { clinicDayOf } from '@shared/clinic-time';
import { useDates } from '@/lib/dates';
import { useNumberFormat } from '@/lib/number-format';

/** The values a reading may hold and stay out of a flag: a bound on either side or both. */
export interface SafeRange {
  low?: number;
  high?: number;
}

/** One line of a chart: its readings oldest first, what it is called, and its colour. */
export interface TrendSeries {
  key: string;
  name: string;
  /** Text colour class; the line, points and legend swatch are drawn in `currentColor`. */
  className: string;
  points: { id: string; at: string; value: number }[];
  /** The safe range to draw, when the measure has one. */
  safe?: SafeRange | undefined;
  /** Whether a value is past the measure's thresholds, as a reading's flags say. */
  isFlagged: (value: number) => boolean;
}

const width = 320;
const height = 150;
const left = 34;
const right = 8;
const top = 8;
const bottom = 20;

/** A step of 1, 2 or 5 times a power of ten that cuts `span` into about three parts. */
function niceStep(span: number): number {
  const rough = span / 3 || 1;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((each) => each * power).find((each) => each >= rough);
  return step ?? 10 * power;
}

/**
 * A measure over time, drawn by us: dated axes in the reader's calendar and digits, every
 * reading a point, the safe range as a band (one measure) or its limits as dashed lines
 * (blood pressure's two), each reading outside it marked, and a legend. A screen reader
 * reads the same readings as a table instead of the drawing.
 */
export function TrendChart({
  name,
  unit,
  series,
  since,
  until,
}: {
  name: string;
  unit: string;
  series: TrendSeries[];
  since: number;
  until: number;
}) {
  const { t } = useTranslation();
  const format = useNumberFormat();
  const dates = useDates();

  const values = series.flatMap((line) => line.points.map((point) => point.value));
  const bounds = series.flatMap(({ safe }) => [safe?.low, safe?.high]);
  // The limits are in view when a reading comes near them, not stretching a flat line.
  const spread = Math.max(...values) - Math.min(...values) || Math.max(...values) * 0.1 || 1;
  const nearBounds = bounds.filter(
    (bound): bound is number =>
      bound !== undefined &&
      bound >= Math.min(...values) - 2 * spread &&
      bound <= Math.max(...values) + 2 * spread,
  );
  const rawLow = Math.min(...values, ...nearBounds);
  const rawHigh = Math.max(...values, ...nearBounds);
  const step = niceStep(rawHigh - rawLow || Math.abs(rawHigh) * 0.1 || 1);
  const low = Math.floor(rawLow / step) * step - (rawLow % step === 0 ? step / 2 : 0);
  const high = Math.ceil(rawHigh / step) * step + (rawHigh % step === 0 ? step / 2 : 0);
  const ticks: number[] = [];
  for (let tick = Math.ceil(low / step) * step; tick <= high + 1e-9; tick += step) {
    ticks.push(Number(tick.toFixed(6)));
  }

  const x = (moment: number) =>
    left + ((moment - since) / (until - since || 1)) * (width - left - right);
  const y = (value: number) =>
    top + (1 - (value - low) / (high - low || 1)) * (height - top - bottom);
  const clampY = (value: number) => y(Math.min(high, Math.max(low, value)));
  const days = [since, (since + until) / 2, until];

  const single = series.length === 1 ? series[0] : undefined;
  const flaggedAny = series.some((line) =>
    line.points.some((point) => line.isFlagged(point.value)),
  );
  const hasSafe = series.some((line) => line.safe !== undefined);

  // The table a screen reader reads: one row per reading, every series' value in it.
  const rows = [
    ...new Map(series.flatMap((line) => line.points.map((point) => [point.id, point.at] as const))),
  ].sort(([, a], [, b]) => Date.parse(b) - Date.parse(a));

  return (
    <figure className="grid gap-1.5">
      <svg
        viewBox={`0 0 ${width} ${height}`}
        className="h-auto w-full overflow-visible"
        aria-hidden="true"
        data-chart={name}
      >
        {single?.safe && (
          <rect
            data-safe-band=""
            x={left}
            width={width - left - right}
            y={clampY(single.safe.high ?? high)}
            height={clampY(single.safe.low ?? low) - clampY(single.safe.high ?? high)}
            className="fill-brand-50"
          />
        )}
        {ticks.map((tick) => (
          <g key={tick}>
            <line
              x1={left}
              x2={width - right}
              y1={y(tick)}
              y2={y(tick)}
              className="stroke-border"
              strokeWidth="1"
            />
            <text
              x={left - 4}
              y={y(tick)}
              textAnchor="end"
              dominantBaseline="middle"
              className="fill-muted-foreground text-[10px]"
            >
              {format.number(tick)}
            </text>
          </g>
        ))}
        <line
          x1={left}
          x2={width - right}
          y1={height - bottom}
          y2={height - bottom}
          className="stroke-muted-foreground"
          strokeWidth="1"
        />
        {days.map((moment, index) => (
          <text
            key={moment}
            data-axis-day=""
            x={x(moment)}
            y={height - 6}
            textAnchor={index === 0 ? 'start' : index === 2 ? 'end' : 'middle'}
            className="fill-muted-foreground text-[10px]"
          >
            {dates.monthDay(clinicDayOf(moment))}
          </text>
        ))}
        {!single &&
          series.flatMap((line) =>
            [line.safe?.low, line.safe?.high]
              .filter(
                (bound): bound is number => bound !== undefined && bound >= low && bound <= high,
              )
              .map((bound) => (
                <line
                  key={`${line.key}-${bound}`}
                  data-safe-limit={bound}
                  x1={left}
                  x2={width - right}
                  y1={y(bound)}
                  y2={y(bound)}
                  className={line.className}
                  stroke="currentColor"
                  strokeWidth="1"
                  strokeDasharray="4 3"
                />
              )),
          )}
        {series.map((line) => (
          <g key={line.key} className={line.className}>
            <polyline
              points={line.points
                .map(
                  (point) => `${x(Date.parse(point.at)).toFixed(1)},${y(point.value).toFixed(1)}`,
                )
                .join(' ')}
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinejoin="round"
            />
            {line.points.map((point) => {
              const cx = x(Date.parse(point.at));
              const cy = y(point.value);
              return line.isFlagged(point.value) ? (
                <g key={point.id} data-flagged={point.value} className="text-accent-700">
                  <circle
                    cx={cx}
                    cy={cy}
                    r="6"
                    className="fill-card"
                    stroke="currentColor"
                    strokeWidth="2"
                  />
                  <circle cx={cx} cy={cy} r="2.5" fill="currentColor" />
                </g>
              ) : (
                <circle
                  key={point.id}
                  data-point={point.value}
                  cx={cx}
                  cy={cy}
                  r="3"
                  fill="currentColor"
                />
              );
            })}
          </g>
        ))}
      </svg>
      <ul
        aria-hidden="true"
        className="text-muted-foreground flex flex-wrap gap-x-3 gap-y-1 text-xs"
        data-legend=""
      >
        {series.map((line) => (
          <li key={line.key} className="flex items-center gap-1">
            <span className={`${line.className} inline-block h-0.5 w-4 bg-current`} />
            {line.name}
          </li>
        ))}
        {hasSafe && (
          <li className="flex items-center gap-1">
            {single ? (
              <span className="bg-brand-50 border-border inline-block size-3 rounded-sm border" />
            ) : (
              <span className="border-muted-foreground inline-block w-4 border-t border-dashed" />
            )}
            {t(single ? 'vitals.chart.safeRange' : 'vitals.chart.safeLimits')}
          </li>
        )}
        {flaggedAny && (
          <li className="flex items-center gap-1">
            <span className="border-accent-700 inline-block size-3 rounded-full border-2" />
            {t('vitals.chart.flagged')}
          </li>
        )}
      </ul>
      {/* A table is as wide as its text whatever its own class: its box is the one hidden. */}
      <div className="sr-only">
        <table>
          <caption>{t('vitals.chart.tableCaption', { name, unit })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('vitals.chart.when')}</th>
              {series.map((line) => (
                <th key={line.key} scope="col">
                  {line.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map(([id, at]) => (
              <tr key={id}>
                <th scope="row">{dates.dateTime(at)}</th>
                {series.map((line) => {
                  const point = line.points.find((each) => each.id === id);
                  return (
                    <td key={line.key}>
                      {point === undefined
                        ? ''
                        : line.isFlagged(point.value)
                          ? t('vitals.chart.flaggedValue', { value: format.number(point.value) })
                          : format.number(point.value)}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
