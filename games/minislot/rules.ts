// Mini slot (see games/minislot/README.md): three identical reels of 32 stops; reel r stops at
// floor(f_r * 32). The strip and the pay table below are the one copy the server, the verifier,
// the CLI and the scene read.
import { defineInstantRules, NO_PARAMS } from '../fairness/contract';
import { MULTIPLIER_SCALE, payoutCents } from '../fairness/money';

export type SlotSymbol =
  'SEVEN' | 'BAR' | 'BELL' | 'PLUM' | 'ORANGE' | 'CHERRY' | 'LEMON' | 'BLANK';

/** The reel strip, stop 0..31 (every reel is the same). */
export const STRIP: readonly SlotSymbol[] = [
  'SEVEN', 'BLANK', 'CHERRY', 'LEMON', 'ORANGE', 'BLANK', 'PLUM', 'LEMON',
  'BELL', 'CHERRY', 'BLANK', 'ORANGE', 'LEMON', 'BAR', 'PLUM', 'CHERRY',
  'BLANK', 'ORANGE', 'LEMON', 'BELL', 'PLUM', 'CHERRY', 'BLANK', 'ORANGE',
  'LEMON', 'BAR', 'PLUM', 'CHERRY', 'BLANK', 'ORANGE', 'LEMON', 'BELL',
]; // prettier-ignore

export const REELS = 3;

/** A paying combination on the line: `count` of `symbol` (3: all three; else exactly that many). */
export interface Pay {
  win: string;
  symbol: SlotSymbol;
  count: number;
  /** Times the stake. */
  pays: number;
}

/** The pay table, best first: the first row that matches the line pays. */
export const PAYS: readonly Pay[] = [
  { win: 'seven3', symbol: 'SEVEN', count: 3, pays: 1000 },
  { win: 'bar3', symbol: 'BAR', count: 3, pays: 250 },
  { win: 'bell3', symbol: 'BELL', count: 3, pays: 80 },
  { win: 'plum3', symbol: 'PLUM', count: 3, pays: 40 },
  { win: 'orange3', symbol: 'ORANGE', count: 3, pays: 25 },
  { win: 'cherry3', symbol: 'CHERRY', count: 3, pays: 20 },
  { win: 'lemon3', symbol: 'LEMON', count: 3, pays: 15 },
  { win: 'cherry2', symbol: 'CHERRY', count: 2, pays: 2 },
  { win: 'cherry1', symbol: 'CHERRY', count: 1, pays: 1 },
];

export const MINISLOT = { id: 'minislot', floatsNeeded: REELS, stops: STRIP.length } as const;

/** The stop a float gives: floor(f * 32). */
export const stopOf = (f: number): number => Math.floor(f * STRIP.length);

/** The symbol at a stop, wrapping around the strip. */
export const symbolAt = (stop: number): SlotSymbol =>
  STRIP[((stop % STRIP.length) + STRIP.length) % STRIP.length]!;

/** One reel's visible column: [above, line, below] (above is the stop before on the strip). */
const columnAt = (stop: number): [SlotSymbol, SlotSymbol, SlotSymbol] => [
  symbolAt(stop - 1),
  symbolAt(stop),
  symbolAt(stop + 1),
];

/** The pay-table row the line hits, or null. */
function payOf(line: readonly SlotSymbol[]): Pay | null {
  return (
    PAYS.find((pay) => line.filter((symbol) => symbol === pay.symbol).length === pay.count) ?? null
  );
}

export interface Spin {
  stops: number[];
  line: SlotSymbol[];
  window: [SlotSymbol, SlotSymbol, SlotSymbol][];
  win: string | null;
  multiplierE4: number;
}

/** The whole spin the floats decide. */
export function spin(floats: readonly number[]): Spin {
  const stops = Array.from({ length: REELS }, (_, r) => stopOf(floats[r]!));
  const line = stops.map(symbolAt);
  const pay = payOf(line);
  return {
    stops,
    line,
    window: stops.map(columnAt),
    win: pay?.win ?? null,
    multiplierE4: (pay?.pays ?? 0) * MULTIPLIER_SCALE,
  };
}

export const rules = defineInstantRules<Record<string, never>, Record<string, never>>({
  kind: 'instant',
  id: MINISLOT.id,
  docs: {
    summary: 'Spin the mini slot',
    description:
      'Three reels of the same 32-stop strip; reel r stops at floor(f_r * 32) (floats 0, 1, 2). ' +
      'The payline is the stop symbol of each reel. Pays (x stake): SEVEN x3 1000, BAR x3 250, ' +
      'BELL x3 80, PLUM x3 40, ORANGE x3 25, CHERRY x3 20, LEMON x3 15, exactly two cherries 2, ' +
      'exactly one cherry 1. result: {stops: [a, b, c], line: [symbol x 3], ' +
      'window: [[above, line, below] x 3 reels], win: "bar3" | "cherry2" | ... | null}.',
  },
  ...NO_PARAMS,
  /** All 32,768 stops enumerated (its README; tests/unit check it against the pays). */
  rtp: () => 31_570 / 32_768,
  summary: (_wire, result) => {
    const line = Array.isArray(result.line) ? result.line.join(' ') : '';
    return result.win ? `${line} (${String(result.win)})` : line;
  },
  describe: (_wire, result) => {
    if (!Array.isArray(result.line) || result.line.length !== 3) return null;
    const [a, b, c] = result.line.map((symbol) => ({
      key: `symbol_${String(symbol).toLowerCase()}`,
    }));
    return { key: 'history', values: { a: a!, b: b!, c: c! } };
  },
  floatsNeeded: () => MINISLOT.floatsNeeded,
  outcome: (_values, floats) => {
    const { stops, line, multiplierE4 } = spin(floats);
    return { stops, line, multiplier: multiplierE4 / MULTIPLIER_SCALE };
  },
  play(_bet, floats, amountCents) {
    const { stops, line, window, win, multiplierE4 } = spin(floats);
    return {
      multiplierE4,
      payoutCents: payoutCents(amountCents, multiplierE4),
      result: { stops, line, window, win },
    };
  },
});
