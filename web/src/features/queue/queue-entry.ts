/** A patient waiting for a doctor (spec point 3 gives only the shape; nothing fills the queue yet). */
export interface QueueEntry {
  name: string;
  priority: 'urgent' | 'normal';
  reason: string;
  /** Minutes waited so far. */
  waitTime: number;
  type: 'video' | 'call';
}
