import { useEffect, useState } from 'react';

/** The time now, in epoch milliseconds, read again every `everyMs`: for what changes with the clock. */
export function useNow(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
