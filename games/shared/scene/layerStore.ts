// A small store shared by a game's panel, its scene and the scene's React layer (reactLayer.ts),
// read with React's own useSyncExternalStore. Not valtio: a game chunk importing valtio moves it
// out of the lobby's chunk into one of its own, and the lobby's first load grows by its import.
import { useSyncExternalStore } from 'react';

export interface LayerStore<S extends object> {
  /** The state now (a new object after every change that changed something). */
  get(): S;
  /** Sets the fields given; listeners hear of it only when one of them changed (Object.is). */
  set(patch: Partial<S>): void;
  subscribe(listener: () => void): () => void;
}

export function createLayerStore<S extends object>(initial: S): LayerStore<S> {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => state,
    set(patch) {
      const keys = Object.keys(patch) as (keyof S)[];
      if (keys.every((key) => Object.is(state[key], patch[key]))) return;
      state = { ...state, ...patch };
      for (const listener of [...listeners]) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

/** One field of the store; the component re-renders only when that field changes. */
export function useLayerStore<S extends object, K extends keyof S>(
  store: LayerStore<S>,
  key: K,
): S[K] {
  return useSyncExternalStore(store.subscribe, () => store.get()[key]);
}
