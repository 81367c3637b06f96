import { useCallback, useEffect, useRef, useState } from 'react';
import type { GameServices } from '../wire/services';

/**
 * The sign-in gate before every bet: a guest is sent to log in (the stake of the bet they asked
 * for kept for their return), and nothing is placed.
 */
export function signedIn(
  services: Pick<GameServices, 'isAuthenticated' | 'requireLogin'>,
  stakeCents?: number,
): boolean {
  if (services.isAuthenticated) return true;
  services.requireLogin(stakeCents);
  return false;
}

/** Sets the stake a guest asked to bet before signing in, when they come back signed in. */
export function useKeptStake(
  services: Pick<GameServices, 'keptStakeCents'>,
  setStakeCents: (cents: number) => void,
): void {
  useEffect(() => {
    const kept = services.keptStakeCents();
    if (kept !== null) setStakeCents(kept);
    // Once, when the panel opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}

/**
 * A panel's server calls, one at a time (a bet, a reveal, a cash-out): busy while one runs, and
 * a call asked for meanwhile is dropped (null). A failed call answers null too: the shell's HTTP
 * client has already shown the error dialog.
 */
export function useBetCall() {
  const [busy, setBusy] = useState(false);
  const running = useRef(false);
  const run = useCallback(async <T>(call: () => Promise<T>): Promise<T | null> => {
    if (running.current) return null;
    running.current = true;
    setBusy(true);
    try {
      return await call();
    } catch {
      return null;
    } finally {
      running.current = false;
      setBusy(false);
    }
  }, []);
  return { busy, run };
}
