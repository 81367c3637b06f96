import { useCallback, useEffect, useRef, useState } from 'react';
import {
  AUTO_BET_START,
  autoBetStop,
  recordAutoBet,
  type AutoBetProgress,
  type AutoBetSettings,
  type AutoBetStop,
} from './autoBet';

/** One placed bet of an auto-bet run: its stake and payout in cents. */
export interface AutoBetOutcome {
  stakeCents: number;
  payoutCents: number;
}

/** One bet of an auto-bet run, or null when it failed. */
export type AutoBetRound = () => Promise<AutoBetOutcome | null>;

/** Runs `round` one bet after another until a stop condition, a failure or stop(). */
export function useAutoBet(round: AutoBetRound, settings: AutoBetSettings) {
  const [running, setRunning] = useState(false);
  const [progress, setProgress] = useState<AutoBetProgress>(AUTO_BET_START);
  const [stopped, setStopped] = useState<AutoBetStop>(null);
  const cancel = useRef(false);
  const latest = useRef({ round, settings });
  useEffect(() => {
    latest.current = { round, settings };
  });
  useEffect(() => () => void (cancel.current = true), []);

  const start = useCallback(async () => {
    cancel.current = false;
    setRunning(true);
    setStopped(null);
    let state = AUTO_BET_START;
    setProgress(state);
    try {
      while (!cancel.current) {
        const outcome = await latest.current.round();
        if (!outcome) break;
        state = recordAutoBet(state, outcome.stakeCents, outcome.payoutCents);
        setProgress(state);
        const reason = autoBetStop(latest.current.settings, state, outcome.payoutCents);
        if (reason) {
          setStopped(reason);
          break;
        }
      }
    } finally {
      setRunning(false);
    }
  }, []);

  const stop = useCallback(() => {
    cancel.current = true;
  }, []);

  return { running, progress, stopped, start, stop };
}
