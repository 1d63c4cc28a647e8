/**
 * The thresholds a reading may pass (`flagsOf` in `vitals.ts` decides which), alone in a
 * module of their own: the visits' and appointments' schemas name them without bringing the
 * vitals' schemas into every page.
 */
export const vitalFlags = [
  'low-oxygen',
  'high-blood-pressure',
  'low-heart-rate',
  'high-heart-rate',
] as const;
export type VitalFlag = (typeof vitalFlags)[number];
