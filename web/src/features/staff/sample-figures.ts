/**
 * The staff screens' hard-coded sample figures. Nothing
 * computes them yet; they stand in until the network's real metrics exist.
 */
export const networkFigures = {
  tenants: 24,
  users: 1247,
  sessions: 47,
  uptimePercent: 99.8,
  storagePercent: 75,
} as const;

/** A clinic manager's day. */
export const todayFigures = {
  appointments: 18,
  checkIns: 12,
  tasks: 7,
  alerts: 3,
} as const;
