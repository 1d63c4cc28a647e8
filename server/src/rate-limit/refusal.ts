import { AppError } from '../http/app-error';
import type { RateDecision } from './rate-limiter';

export function rateLimitMessage(seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  return `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}

/** The one answer to a used-up limit: 429, `rate_limited`, and when to try again. */
export function rateLimited(decision: RateDecision): AppError {
  return new AppError(
    'rate_limited',
    rateLimitMessage(decision.retryAfterSeconds),
    decision.retryAfterSeconds,
  );
}
