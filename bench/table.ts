/** One line of the bench table: a figure, its value, and the promise it is held to. */
export interface Row {
  figure: string;
  value: string;
  target: string;
  /** `null` where there is no target, or nothing to measure yet. */
  met: boolean | null;
}

export class BenchTable {
  readonly rows: Row[] = [];

  /** A measured figure against a target (`≤ target` unless `atLeast`). */
  record(
    figure: string,
    value: number,
    unit: string,
    target?: { limit: number; atLeast?: boolean },
    digits = 1,
  ) {
    const shown = Number.isFinite(value) ? `${value.toFixed(digits)} ${unit}`.trim() : 'failed';
    if (!target) {
      this.rows.push({ figure, value: shown, target: '—', met: null });
      return;
    }
    const { limit, atLeast = false } = target;
    this.rows.push({
      figure,
      value: shown,
      target: `${atLeast ? '≥' : '<'} ${limit} ${unit}`.trim(),
      met: Number.isFinite(value) && (atLeast ? value >= limit : value < limit),
    });
  }

  /** A promise whose feature is not built yet: shown with its target, without a value. */
  pending(figure: string, target: string, why: string) {
    this.rows.push({ figure, value: `— (${why})`, target, met: null });
  }

  print() {
    console.table(
      this.rows.map(({ met, ...row }) => ({
        ...row,
        met: met === null ? '' : met ? 'yes' : 'NO',
      })),
    );
  }
}
