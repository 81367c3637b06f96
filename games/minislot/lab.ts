// Mini slot in the scene lab (games/shared/lab/adapter.ts): pick each reel's stop (its symbol on
// the line); the rules pay the line and the reels brake onto the stops as after a real spin. The
// stops are read from where the reels came to rest.
import { formatMoney } from '../shared/format/amount';
import { defineLabGame, floatPicking, playInstant } from '../shared/lab/adapter';
import { minislotChannel } from './channel';
import { MINISLOT, REELS, rules, STRIP, symbolAt, type SlotSymbol } from './rules';
import type { MinislotSimulation } from './simulation';

/** A win of at least this many times the stake plays the big-win sound (as the panel does). */
const BIG_WIN = 25;

const stops = STRIP.map((symbol, stop) => ({
  value: String(stop),
  text: `${stop}: ${symbol.toLowerCase()}`,
}));

const reelNames = Array.from({ length: REELS }, (_, r) => `reel${r + 1}`);
const reelLabels = ['dev.lab.reel_1', 'dev.lab.reel_2', 'dev.lab.reel_3'];

export const lab = defineLabGame({
  // Three sevens: the top prize.
  initial: Object.fromEntries(reelNames.map((name) => [name, '0'])),
  controls: () =>
    reelNames.map((name, r) => ({
      kind: 'choice' as const,
      name,
      label: reelLabels[r]!,
      choices: stops,
    })),
  round: (pick) =>
    playInstant(
      rules,
      {},
      reelNames.map((name) => floatPicking(Number(pick[name]), MINISLOT.stops)),
    ),
  async play(round) {
    const scene = await minislotChannel.whenShown();
    const { result, multiplier } = round;
    await scene.spin({
      stops: result.stops as number[],
      line: result.line as SlotSymbol[],
      win: (result.win as string | null) ?? null,
      // A stake of 1.00: the banner shows the multiplier as money.
      payoutText: multiplier > 0 ? formatMoney(multiplier) : '',
      big: multiplier >= BIG_WIN,
    });
  },
  shown: ({ sim }) => {
    const slot = sim as MinislotSimulation;
    return slot.spinning ? null : { stops: slot.stops, line: slot.stops.map(symbolAt) };
  },
  expected: ({ result }) => ({ stops: result.stops, line: result.line }),
});
