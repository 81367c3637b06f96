// `npm run headless -- <game> [--rounds N] [--seed S] [--params file.json] [--json]`: plays rounds
// of any game of the registry in plain Node, no renderer, no DOM. Each round draws seeded seeds,
// settles the game's default bet with its rules (stake 1.00), runs its simulation through the
// round (games/<id>/headless.ts) and checks that the simulation ended in what the rules decided.
// One line per round (unless --json), then always one line of JSON:
// {"game", "rounds", "wagered", "returned", "rtp", "mismatches", "ms"} (amounts in currency units).
// Bad arguments: a message and the usage on stderr, exit code 2. A mismatch: exit code 1.
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { validateParams } from '../engine/headless/index';
import { PLAYABLE_GAMES } from '../games/shared/registry/catalog';
import { MissingHeadlessGame } from '../games/shared/headless/adapter';
import {
  headlessGameOf,
  runGameHeadless,
  UnknownHeadlessGame,
  type HeadlessRoundReport,
} from '../games/shared/headless/rounds';

const USAGE =
  'usage: npm run headless -- <game> [--rounds N] [--seed S] [--params file.json] [--json]\n' +
  `  game: ${PLAYABLE_GAMES.map((game) => game.id)
    .sort()
    .join(', ')}\n` +
  '  --rounds N        rounds to play (default 100)\n' +
  '  --seed S          seeds every round (an integer, default 1): the same seed, the same rounds\n' +
  "  --params FILE     the scene's params (JSON, as the debug overlay exports them)\n" +
  '  --json            only the summary line';

class UsageError extends Error {}

function integer(name: string, text: string | undefined, fallback: number, min: number): number {
  if (text === undefined) return fallback;
  if (!/^-?\d{1,15}$/.test(text) || Number(text) < min) {
    throw new UsageError(`--${name} must be an integer of at least ${min}`);
  }
  return Number(text);
}

const money = (cents: number) => (cents / 100).toFixed(2);

function line(report: HeadlessRoundReport): string {
  const verdict = report.match
    ? 'match'
    : `MISMATCH expected ${JSON.stringify(report.expected)} shown ${JSON.stringify(report.shown)}`;
  return (
    `#${report.number} ${report.summary} | stake ${money(report.stakeCents)} ` +
    `payout ${money(report.payoutCents)} | ${report.steps} steps | ${verdict}`
  );
}

async function main(argv: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        rounds: { type: 'string' },
        seed: { type: 'string' },
        params: { type: 'string' },
        json: { type: 'boolean', default: false },
      },
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { values: options, positionals } = parsed;
  const [game, ...extra] = positionals;
  if (!game) throw new UsageError('name the game');
  if (extra.length) throw new UsageError(`unexpected argument '${extra[0]}'`);
  const rounds = integer('rounds', options.rounds, 100, 1);
  const seed = integer('seed', options.seed, 1, 0);
  const { headless } = await headlessGameOf(game);
  let values: Record<string, number> = {};
  if (options.params !== undefined) {
    let input: unknown;
    try {
      input = JSON.parse(fs.readFileSync(options.params, 'utf8'));
    } catch (error) {
      throw new UsageError(`cannot read ${options.params} as JSON: ${(error as Error).message}`);
    }
    const checked = validateParams(headless.params, input);
    if (checked.errors.length) {
      throw new UsageError(`${options.params}: ${checked.errors.join('; ')}`);
    }
    values = checked.values;
  }
  const summary = await runGameHeadless(game, {
    rounds,
    seed,
    values,
    onRound: options.json ? undefined : (report) => console.log(line(report)),
  });
  console.log(JSON.stringify(summary));
  return summary.mismatches ? 1 : 0;
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  if (error instanceof MissingHeadlessGame) {
    console.error(`headless: ${error.message}`);
    process.exitCode = 1;
  } else if (error instanceof UsageError || error instanceof UnknownHeadlessGame) {
    console.error(`headless: ${error.message}\n${USAGE}`);
    process.exitCode = 2;
  } else {
    throw error;
  }
}
