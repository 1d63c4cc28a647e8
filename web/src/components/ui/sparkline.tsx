/** One line of a sparkline: its values, oldest first, and the class that colours it. */
export interface SparklineSeries {
  values: number[];
  className: string;
}

const width = 120;
const height = 36;
const margin = 3;

/** Each value as a point, oldest at the left, scaled to the drawing. */
function pointsOf(values: readonly number[], low: number, high: number): [number, number][] {
  const span = high - low || 1;
  const step = values.length > 1 ? (width - 2 * margin) / (values.length - 1) : 0;
  return values.map((value, index) => [
    values.length > 1 ? margin + index * step : width / 2,
    high === low ? height / 2 : height - margin - ((value - low) / span) * (height - 2 * margin),
  ]);
}

/**
 * Values over time as a small line of our own drawing, oldest at the left, each line scaled
 * with the others so two measures (systolic and diastolic) read against each other. It is
 * hidden from screen readers: whoever shows it says the same in words beside it.
 */
export function Sparkline({ lines }: { lines: SparklineSeries[] }) {
  const all = lines.flatMap((line) => line.values);
  const low = Math.min(...all);
  const high = Math.max(...all);
  return (
    <svg
      viewBox={`0 0 ${width} ${height}`}
      className="h-9 w-full overflow-visible"
      preserveAspectRatio="none"
      aria-hidden="true"
    >
      {lines.map(({ values, className }) => {
        const points = pointsOf(values, low, high);
        return (
          <g key={className} className={className}>
            <polyline
              points={points.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(' ')}
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinejoin="round"
              vectorEffect="non-scaling-stroke"
            />
            {points.length === 1 &&
              points.map(([x, y]) => <circle key={x} cx={x} cy={y} r="2.5" fill="currentColor" />)}
          </g>
        );
      })}
    </svg>
  );
}
