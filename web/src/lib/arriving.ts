/**
 * Data a screen waits for: what the server (or the device's copy) holds, 'loading' until
 * one has answered, or 'failed' when the server could not be asked and the device has none.
 * A screen says "nothing here" only of a list that arrived empty.
 */
export type Arriving<T> = T | 'loading' | 'failed';

/** A query's data as it arrives. */
export function arrivingOf<T>(query: { data: T | undefined; isError: boolean }): Arriving<T> {
  if (query.data !== undefined) return query.data;
  return query.isError ? 'failed' : 'loading';
}
