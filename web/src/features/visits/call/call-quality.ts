import type { CallQualityLevel } from '@shared/visits';

/** What one `getStats` sample says about the line, each part null when the browser did not say. */
export interface QualitySample {
  /** Share of our packets the other side reported lost (0–1), the worst of audio and video. */
  lossFraction: number | null;
  /** The sender's bandwidth estimate on the selected candidate pair, bits per second. */
  availableOutgoingBitrate: number | null;
  /** Seconds. */
  roundTripTime: number | null;
}

/** How each level sends video; `audio` sends none. */
export const levelEncodings = {
  full: { scaleResolutionDownBy: 1, maxFramerate: 15, maxBitrate: 250_000 },
  low: { scaleResolutionDownBy: 2, maxFramerate: 10, maxBitrate: 120_000 },
} as const;

export const audioMaxBitrate = 24_000;

/**
 * The sender's estimate below which a level cannot be carried. Set under the level's own
 * limit: a browser sending a capped stream estimates little above what it sends.
 */
const tooNarrowBelow: Record<CallQualityLevel, number> = {
  full: 180_000,
  low: 70_000,
  audio: 0,
};

/** The estimate from which a level is offered again. */
const wideEnoughFrom: Record<CallQualityLevel, number> = {
  full: 220_000,
  low: 100_000,
  audio: 0,
};

const thresholds = {
  badLoss: 0.08,
  goodLoss: 0.02,
  badRoundTrip: 0.6,
  goodRoundTrip: 0.3,
};

/** Consecutive bad samples before stepping down. */
export const badSamplesToStepDown = 2;
/** Good samples for this long before stepping up is offered. */
export const goodMsToStepUp = 10_000;
/** How often the call screen takes a sample. */
export const sampleEveryMs = 2_000;

const order: CallQualityLevel[] = ['full', 'low', 'audio'];

export function lowerLevel(level: CallQualityLevel): CallQualityLevel {
  return order[Math.min(order.indexOf(level) + 1, order.length - 1)] ?? 'audio';
}

export function higherLevel(level: CallQualityLevel): CallQualityLevel {
  return order[Math.max(order.indexOf(level) - 1, 0)] ?? 'full';
}

type StatsEntry = Record<string, unknown> & { type: string; id: string };

function numberOf(entry: StatsEntry | undefined, key: string): number | null {
  const value = entry?.[key];
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** Reads loss, bandwidth estimate and round trip from a `getStats()` report (or its values). */
export function readQualitySample(
  report: Iterable<StatsEntry> | { values: () => Iterable<unknown> },
): QualitySample {
  const entries: StatsEntry[] = [];
  const values = 'values' in report ? report.values() : report;
  for (const value of values) entries.push(value as StatsEntry);
  const byId = new Map(entries.map((entry) => [entry.id, entry]));

  let lossFraction: number | null = null;
  let remoteRoundTrip: number | null = null;
  for (const entry of entries) {
    if (entry.type !== 'remote-inbound-rtp') continue;
    const fraction = numberOf(entry, 'fractionLost');
    if (fraction !== null) lossFraction = Math.max(lossFraction ?? 0, fraction);
    const roundTrip = numberOf(entry, 'roundTripTime');
    if (roundTrip !== null) remoteRoundTrip = Math.max(remoteRoundTrip ?? 0, roundTrip);
  }

  const transport = entries.find((entry) => entry.type === 'transport');
  const selectedId = transport?.selectedCandidatePairId;
  let pair = typeof selectedId === 'string' ? byId.get(selectedId) : undefined;
  pair ??= entries.find(
    (entry) =>
      entry.type === 'candidate-pair' &&
      entry.state === 'succeeded' &&
      (entry.nominated === true || entry.selected === true),
  );
  return {
    lossFraction,
    availableOutgoingBitrate: numberOf(pair, 'availableOutgoingBitrate'),
    roundTripTime: numberOf(pair, 'currentRoundTripTime') ?? remoteRoundTrip,
  };
}

export type SampleVerdict = 'bad' | 'good' | 'fair';

/** Whether the line can carry the level it is at. */
export function judgeSample(sample: QualitySample, level: CallQualityLevel): SampleVerdict {
  const { lossFraction: loss, roundTripTime: rtt, availableOutgoingBitrate: bitrate } = sample;
  if (
    (loss !== null && loss >= thresholds.badLoss) ||
    (rtt !== null && rtt >= thresholds.badRoundTrip) ||
    (bitrate !== null && bitrate < tooNarrowBelow[level])
  ) {
    return 'bad';
  }
  const above = higherLevel(level);
  if (
    (loss === null || loss < thresholds.goodLoss) &&
    (rtt === null || rtt < thresholds.goodRoundTrip) &&
    (bitrate === null || bitrate >= wideEnoughFrom[above])
  ) {
    return 'good';
  }
  return 'fair';
}

export interface QualityState {
  level: CallQualityLevel;
  badStreak: number;
  /** When the current run of good samples began, or null. */
  goodSince: number | null;
}

export const initialQuality: QualityState = { level: 'full', badStreak: 0, goodSince: null };

export interface QualityDecision {
  state: QualityState;
  /** The level just stepped down to, if this sample did so. */
  steppedDown: CallQualityLevel | null;
  /** Whether the line has been good long enough to offer the level above. */
  canStepUp: boolean;
}

/**
 * One step of the decision: two bad samples in a row step down a level (full → low → audio);
 * ten seconds of good samples offer to step back up. Pure, so it is tested with sample stats.
 */
export function decideQuality(
  state: QualityState,
  sample: QualitySample,
  now: number,
): QualityDecision {
  const verdict = judgeSample(sample, state.level);
  if (verdict === 'bad') {
    const badStreak = state.badStreak + 1;
    if (badStreak >= badSamplesToStepDown && state.level !== 'audio') {
      const level = lowerLevel(state.level);
      return {
        state: { level, badStreak: 0, goodSince: null },
        steppedDown: level,
        canStepUp: false,
      };
    }
    return { state: { ...state, badStreak, goodSince: null }, steppedDown: null, canStepUp: false };
  }
  if (verdict === 'good') {
    const goodSince = state.goodSince ?? now;
    return {
      state: { ...state, badStreak: 0, goodSince },
      steppedDown: null,
      canStepUp: state.level !== 'full' && now - goodSince >= goodMsToStepUp,
    };
  }
  return {
    state: { ...state, badStreak: 0, goodSince: null },
    steppedDown: null,
    canStepUp: false,
  };
}

/** After the person accepts the offer: one level up, counting afresh. */
export function stepUp(state: QualityState): QualityState {
  return { level: higherLevel(state.level), badStreak: 0, goodSince: null };
}
