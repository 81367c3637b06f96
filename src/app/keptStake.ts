// A guest's stake across the sign-in that their first bet asks for: kept for the game page they
// were on, and given back to its panel when they return there signed in.

const KEY = 'casino.keptStake';
/** A stake kept longer than this (a sign-in given up) is forgotten. */
const KEPT_FOR_MS = 30 * 60_000;

interface Kept {
  path: string;
  cents: number;
  at: number;
}

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null; // storage blocked: nothing is kept
  }
}

/** Keeps `cents` for the page at `path` (the one the guest is on). */
export function keepStake(path: string, cents: number): void {
  const kept: Kept = { path, cents, at: Date.now() };
  storage()?.setItem(KEY, JSON.stringify(kept));
}

/** The stake kept for the page at `path`, once (it is forgotten as it is taken); else null. */
export function takeKeptStake(path: string): number | null {
  const store = storage();
  const text = store?.getItem(KEY);
  if (!store || !text) return null;
  let kept: Partial<Kept>;
  try {
    kept = JSON.parse(text) as Partial<Kept>;
  } catch {
    kept = {};
  }
  if (kept.path !== path) return null;
  store.removeItem(KEY);
  const fresh = typeof kept.at === 'number' && Date.now() - kept.at < KEPT_FOR_MS;
  return fresh && Number.isSafeInteger(kept.cents) && kept.cents! > 0 ? kept.cents! : null;
}
