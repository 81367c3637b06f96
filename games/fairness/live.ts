// A live round's life from its rules, shared by the server (which plays it on its clock) and
// the verifier (which replays it from the seeds and the recorded start and end times).
import type { LiveRules } from './contract';
import { multiplierToNumber } from './money';

/** A live round as the server stores it: its secret crash point included. */
export interface LiveRoundState {
  /** The server's clock at the start, epoch ms. */
  startedAt: number;
  crashPointE4: number;
  /** When it crashes, ms after the start. */
  crashMs: number;
  autoCashoutE4: number | null;
  /** When the round ends by itself (auto cash-out or crash), epoch ms. */
  endsAt: number;
}

/** What ended a round: a cash-out (by hand or auto) at a multiplier, or the crash. */
export type LiveEnding =
  | { status: 'cashed_out'; multiplierE4: number; endedAt: number }
  | { status: 'crashed'; endedAt: number };

/** The round started at `startedAt` whose crash point the floats decide. */
export function liveRound(
  rules: LiveRules,
  floats: readonly number[],
  autoCashoutE4: number | null,
  startedAt: number,
): LiveRoundState {
  const crashPointE4 = rules.crashPointE4(floats);
  const crashMs = rules.crashMs(crashPointE4);
  const autoWins = autoCashoutE4 !== null && rules.autoCashoutWins(autoCashoutE4, crashPointE4);
  const endMs = autoWins ? rules.msToReach(autoCashoutE4) : crashMs;
  return { startedAt, crashPointE4, crashMs, autoCashoutE4, endsAt: startedAt + endMs };
}

/**
 * How the round ends when a cash-out arrives at `atMs` (null: nobody cashed out): before its
 * end the cash-out wins m(t); otherwise it ended by itself at its end (auto cash-out or crash).
 */
export function liveEnding(
  rules: LiveRules,
  state: LiveRoundState,
  atMs: number | null,
): LiveEnding {
  if (atMs !== null && atMs < state.endsAt) {
    const multiplierE4 = rules.multiplierE4At(atMs - state.startedAt);
    return { status: 'cashed_out', multiplierE4, endedAt: atMs };
  }
  const { autoCashoutE4, crashPointE4, endsAt } = state;
  return autoCashoutE4 !== null && rules.autoCashoutWins(autoCashoutE4, crashPointE4)
    ? { status: 'cashed_out', multiplierE4: autoCashoutE4, endedAt: endsAt }
    : { status: 'crashed', endedAt: endsAt };
}

const multiplierOrNull = (e4: number | null) => (e4 === null ? null : multiplierToNumber(e4));

/** A running round's `result`: nothing in it tells the crash point. */
export function runningResult(state: LiveRoundState): Record<string, unknown> {
  return {
    status: 'running',
    started_at: state.startedAt,
    auto_cashout: multiplierOrNull(state.autoCashoutE4),
  };
}

/** An ended round's `result` (the crash point revealed). */
export function endedResult(state: LiveRoundState, ending: LiveEnding): Record<string, unknown> {
  return {
    status: ending.status,
    started_at: state.startedAt,
    auto_cashout: multiplierOrNull(state.autoCashoutE4),
    multiplier: ending.status === 'cashed_out' ? multiplierToNumber(ending.multiplierE4) : null,
    crash_point: multiplierToNumber(state.crashPointE4),
    ended_at: ending.endedAt,
  };
}

/** The multiplier (e4) a round's ending pays. */
export const endingMultiplierE4 = (ending: LiveEnding): number =>
  ending.status === 'cashed_out' ? ending.multiplierE4 : 0;
