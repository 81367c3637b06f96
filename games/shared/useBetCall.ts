import { useCallback, useRef, useState } from 'react';
import type { GameServices } from './services';

/** The sign-in gate before every bet: a guest is sent to log in, and nothing is placed. */
export function signedIn(
  services: Pick<GameServices, 'isAuthenticated' | 'requireLogin'>,
): boolean {
  if (services.isAuthenticated) return true;
  services.requireLogin();
  return false;
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
