/** A patient waiting for a doctor. */
export interface QueueEntry {
  name: string;
  priority: 'urgent' | 'normal';
  reason: string;
  /** Minutes waited so far. */
  waitTime: number;
  type: 'video' | 'call';
}
