// `npm run verify --silent -- <game> --server-seed S --client-seed C --nonce N [game options]`:
// recomputes a bet's outcome with the same rules code as the server and prints one JSON line.
// Bad arguments: a message on stderr and exit code 2.
import { parseArgs } from 'node:util';
import { VerifyInputError, verifyOutcome } from '../games/fairness/verify';

const USAGE = `usage: npm run verify --silent -- <game> --server-seed S --client-seed C --nonce N
  dice                                            -> {"roll"}
  roulette                                        -> {"pocket"}
  mines --mines M (1..24)                         -> {"mines": [tiles in draw order]}
  plinko --rows R (8..16) --risk low|medium|high  -> {"path", "bucket"}`;

/** '12' -> 12; anything but plain digits -> NaN, which the rules refuse by name. */
function integerOption(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  return /^\d{1,15}$/.test(text) ? Number(text) : NaN;
}

function run(argv: string[]): string {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {
        'server-seed': { type: 'string' },
        'client-seed': { type: 'string' },
        nonce: { type: 'string' },
        mines: { type: 'string' },
        rows: { type: 'string' },
        risk: { type: 'string' },
        difficulty: { type: 'string' },
      },
    });
  } catch (error) {
    throw new VerifyInputError((error as Error).message);
  }
  const [game, ...extra] = parsed.positionals;
  const values = parsed.values;
  if (!game) throw new VerifyInputError('name the game');
  if (extra.length) throw new VerifyInputError(`unexpected argument '${extra[0]}'`);
  if (!values['server-seed']) throw new VerifyInputError('--server-seed is required');
  if (!values['client-seed']) throw new VerifyInputError('--client-seed is required');
  if (values.nonce === undefined) throw new VerifyInputError('--nonce is required');
  const outcome = verifyOutcome(game, {
    serverSeed: values['server-seed'],
    clientSeed: values['client-seed'],
    nonce: integerOption(values.nonce)!,
    mines: integerOption(values.mines),
    rows: integerOption(values.rows),
    risk: values.risk,
  });
  return JSON.stringify(outcome);
}

try {
  console.log(run(process.argv.slice(2)));
} catch (error) {
  if (!(error instanceof VerifyInputError)) throw error;
  console.error(`verify: ${error.message}\n${USAGE}`);
  process.exit(2);
}
