import { describe, expect, it } from 'vitest';
import {
  decideQuality,
  initialQuality,
  judgeSample,
  readQualitySample,
  stepUp,
  type QualitySample,
  type QualityState,
} from './call-quality';

/** A report as Chromium's `getStats()` gives it, reduced to the entries read. */
function report({ loss = 0, bitrate = 900_000, rtt = 0.08 }) {
  return new Map<string, Record<string, unknown> & { type: string; id: string }>([
    ['T01', { id: 'T01', type: 'transport', selectedCandidatePairId: 'CP1' }],
    [
      'CP1',
      {
        id: 'CP1',
        type: 'candidate-pair',
        state: 'succeeded',
        nominated: true,
        availableOutgoingBitrate: bitrate,
        currentRoundTripTime: rtt,
      },
    ],
    [
      'CP2',
      {
        id: 'CP2',
        type: 'candidate-pair',
        state: 'failed',
        availableOutgoingBitrate: 1,
        currentRoundTripTime: 9,
      },
    ],
    ['RIA', { id: 'RIA', type: 'remote-inbound-rtp', kind: 'audio', fractionLost: 0 }],
    ['RIV', { id: 'RIV', type: 'remote-inbound-rtp', kind: 'video', fractionLost: loss }],
    ['OV', { id: 'OV', type: 'outbound-rtp', kind: 'video', packetsSent: 100 }],
  ]);
}

const good: QualitySample = {
  lossFraction: 0,
  availableOutgoingBitrate: 900_000,
  roundTripTime: 0.05,
};
const lossy: QualitySample = {
  lossFraction: 0.2,
  availableOutgoingBitrate: 900_000,
  roundTripTime: 0.1,
};
const narrow: QualitySample = {
  lossFraction: 0,
  availableOutgoingBitrate: 90_000,
  roundTripTime: 0.1,
};

function run(samples: QualitySample[], start: QualityState = initialQuality, everyMs = 2_000) {
  let state = start;
  const decisions = samples.map((sample, index) => {
    const decision = decideQuality(state, sample, index * everyMs);
    state = decision.state;
    return decision;
  });
  return { state, decisions };
}

describe('readQualitySample', () => {
  it('reads the worst loss, and the selected pair’s estimate and round trip', () => {
    expect(readQualitySample(report({ loss: 0.15, bitrate: 200_000, rtt: 0.4 }))).toEqual({
      lossFraction: 0.15,
      availableOutgoingBitrate: 200_000,
      roundTripTime: 0.4,
    });
  });

  it('says null for what the browser did not report', () => {
    expect(readQualitySample([])).toEqual({
      lossFraction: null,
      availableOutgoingBitrate: null,
      roundTripTime: null,
    });
  });
});

describe('judgeSample', () => {
  it('calls heavy loss, a long round trip or too little bandwidth bad', () => {
    expect(judgeSample(lossy, 'full')).toBe('bad');
    expect(judgeSample({ ...good, roundTripTime: 0.9 }, 'full')).toBe('bad');
    expect(judgeSample(narrow, 'full')).toBe('bad');
    expect(judgeSample(narrow, 'audio')).toBe('fair');
    expect(judgeSample(good, 'low')).toBe('good');
  });

  it('does not mistake a capped sender’s modest estimate for a narrow line', () => {
    const capped = { lossFraction: 0, availableOutgoingBitrate: 300_000, roundTripTime: 0.02 };
    expect(judgeSample(capped, 'full')).not.toBe('bad');
    expect(judgeSample({ ...capped, availableOutgoingBitrate: 150_000 }, 'low')).not.toBe('bad');
  });
});

describe('decideQuality', () => {
  it('steps down only after two bad samples in a row', () => {
    const once = run([lossy, good, lossy]);
    expect(once.state.level).toBe('full');
    expect(once.decisions.every((decision) => decision.steppedDown === null)).toBe(true);

    const twice = run([lossy, lossy]);
    expect(twice.decisions.map((decision) => decision.steppedDown)).toEqual([null, 'low']);
    expect(twice.state.level).toBe('low');
  });

  it('goes from full to low to audio only, and no lower', () => {
    const { state, decisions } = run([narrow, narrow, lossy, lossy, lossy, lossy]);
    expect(decisions.map((decision) => decision.steppedDown)).toEqual([
      null,
      'low',
      null,
      'audio',
      null,
      null,
    ]);
    expect(state.level).toBe('audio');
  });

  it('offers to step up after about ten seconds of good samples, not before', () => {
    const audio: QualityState = { level: 'audio', badStreak: 0, goodSince: null };
    const { decisions } = run(Array<QualitySample>(7).fill(good), audio);
    expect(decisions.map((decision) => decision.canStepUp)).toEqual([
      false,
      false,
      false,
      false,
      false,
      true,
      true,
    ]);
    const interrupted = run([good, good, good, good, good, lossy, good], audio);
    expect(interrupted.decisions.at(-1)?.canStepUp).toBe(false);
    expect(run(Array<QualitySample>(7).fill(good)).decisions.at(-1)?.canStepUp).toBe(false);
  });

  it('steps up one level when accepted', () => {
    expect(stepUp({ level: 'audio', badStreak: 0, goodSince: 0 }).level).toBe('low');
    expect(stepUp({ level: 'low', badStreak: 0, goodSince: 0 }).level).toBe('full');
  });
});
