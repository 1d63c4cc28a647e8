import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createStore, useStore } from './create-store';

describe('createStore', () => {
  it('holds the value it was given until it is set', () => {
    const store = createStore('first');
    expect(store.get()).toBe('first');
    store.set('second');
    expect(store.get()).toBe('second');
  });

  it('tells each subscriber of a change until it unsubscribes', () => {
    const store = createStore(0);
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    store.set(1);
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
    store.set(2);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('tells nobody when the value set is the one it holds', () => {
    const store = createStore<string | null>(null);
    const listener = vi.fn();
    store.subscribe(listener);
    store.set(null);
    expect(listener).not.toHaveBeenCalled();
  });
});

describe('useStore', () => {
  it('re-renders every reader when the value changes', () => {
    const store = createStore('online');
    function Reader({ name }: { name: string }) {
      return <p>{`${name}: ${useStore(store)}`}</p>;
    }
    render(
      <>
        <Reader name="banner" />
        <Reader name="footer" />
      </>,
    );
    expect(screen.getByText('banner: online')).toBeInTheDocument();

    act(() => store.set('offline'));

    expect(screen.getByText('banner: offline')).toBeInTheDocument();
    expect(screen.getByText('footer: offline')).toBeInTheDocument();
  });
});
