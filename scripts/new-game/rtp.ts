// The RTP a scaffolded game states (`RTP` in its rules.ts, what the operator console holds the
// game to), derived from the rules the templates have just written: a closed form over their own
// pay table. The game's rules.test.ts recomputes it by playing every outcome, so a table changed
// without its RTP fails there.
import fs from 'node:fs';
import { pathToFileURL } from 'node:url';
import { MULTIPLIER_SCALE } from '../../games/fairness/money';

type Rules = Record<string, unknown>;

interface InstantTable {
  SIDES: readonly string[];
  PAYS_E4: { match: number; miss: number };
}
interface SteppedTable {
  MULTIPLIERS_E4: readonly number[];
}

/** Each kind's RTP from its rules' exports (`upper`: the game's constant, __UPPER__). */
const DERIVE = {
  // The called side is one flip of SIDES.length, all as likely.
  instant: (rules) => {
    const { SIDES, PAYS_E4 } = rules as unknown as InstantTable;
    const paysE4 = PAYS_E4.match + PAYS_E4.miss * (SIDES.length - 1);
    return paysE4 / (SIDES.length * MULTIPLIER_SCALE);
  },
  // A cash-out after k levels pays MULTIPLIERS_E4[k - 1] with chance 1 / doors^k: the same return
  // at every k, or the game has no one RTP.
  stepped: (rules, upper) => {
    const { MULTIPLIERS_E4 } = rules as unknown as SteppedTable;
    const { doors } = rules[upper] as { doors: number };
    const returns = MULTIPLIERS_E4.map((m, k) => m / (doors ** (k + 1) * MULTIPLIER_SCALE));
    if (returns.some((r) => Math.abs(r - returns[0]!) > 1e-12)) {
      throw new Error(`the levels return ${returns.join(', ')}: not one RTP`);
    }
    return returns[0]!;
  },
  // The crash point reaches m with chance crashScale / (100 m): a cash-out at any m returns
  // crashScale / 100.
  live: (rules, upper) => (rules[upper] as { crashScale: number }).crashScale / 100,
} satisfies Record<string, (rules: Rules, upper: string) => number>;

/** Writes the RTP the rules in `rulesFile` (its `__RTP__` still open) derive into them. */
export async function stateRtp(
  kind: keyof typeof DERIVE,
  rulesFile: string,
  upper: string,
): Promise<number> {
  const text = fs.readFileSync(rulesFile, 'utf8');
  // The rules load with a figure to be replaced; their table is all that is read.
  fs.writeFileSync(rulesFile, text.replace('__RTP__', 'Number.NaN'));
  const rtp = DERIVE[kind]((await import(pathToFileURL(rulesFile).href)) as Rules, upper);
  if (!(rtp > 0 && rtp < 1)) throw new Error(`${rulesFile}: RTP ${rtp} is not a return`);
  fs.writeFileSync(rulesFile, text.replace('__RTP__', String(rtp)));
  return rtp;
}
