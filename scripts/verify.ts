// `npm run verify --silent -- <game> --server-seed S --client-seed C --nonce N [game options]`:
// recomputes a bet's outcome with the same rules code as the server and prints one JSON line.
// The games, their options and the usage text come from the registry's rules.
// Bad arguments: a message on stderr and exit code 2.
import { parseArgs } from 'node:util';
import type { ParamField } from '../games/fairness/contract';
import { floats } from '../games/fairness/floats';
import { GAME_RULES } from '../games/shared/registry/gameRules';
import { rulesOf, VerifyInputError, verifyOutcome } from '../games/shared/registry/verify';

const SEEDS = '--server-seed S --client-seed C --nonce N';

function optionText(name: string, field: ParamField): string {
  switch (field.type) {
    case 'integer':
      return `--${name} (${field.min}..${field.max})`;
    case 'decimal':
      return `--${name} (${field.min}..${field.max})`;
    case 'choice':
      return `--${name} ${field.choices.join('|')}`;
    case 'json':
      return `--${name} JSON`;
  }
}

/** One line per game: its options, and the keys it prints (from the outcome of its defaults). */
function usage(): string {
  const lines = [...GAME_RULES.values()].map((rules) => {
    const fields = Object.entries(rules.verifyFields);
    const defaults = Object.fromEntries(
      fields.map(([name, field]) => [name, field.type === 'json' ? null : field.default]),
    );
    const keys = Object.keys(
      rules.outcome(defaults as never, floats('s', 'c', 0, rules.floatsNeeded(defaults as never))),
    );
    const options = fields.map(([name, field]) => optionText(name, field)).join(' ');
    return `  ${`${rules.id} ${options}`.trimEnd().padEnd(48)}-> {${keys.map((k) => `"${k}"`).join(', ')}}`;
  });
  return `usage: npm run verify --silent -- <game> ${SEEDS} [options]\n${lines.join('\n')}`;
}

/** '12' -> 12 for a number field; anything but a plain number -> NaN, refused by name. */
function fieldValue(field: ParamField, text: string | undefined): unknown {
  if (text === undefined) return undefined;
  if (field.type === 'integer') return /^\d{1,15}$/.test(text) ? Number(text) : NaN;
  if (field.type === 'decimal') return /^\d{1,15}(\.\d+)?$/.test(text) ? Number(text) : NaN;
  return text;
}

/** Every option takes a value: the seeds' and the named fields'. */
const stringOptions = (names: readonly string[]) =>
  Object.fromEntries(
    ['server-seed', 'client-seed', 'nonce', ...names].map((name) => [
      name,
      { type: 'string' as const },
    ]),
  );

function run(argv: string[]): string {
  // First pass with every game's options, to find the game wherever it stands.
  const anyField = [...GAME_RULES.values()].flatMap((rules) => Object.keys(rules.verifyFields));
  const [game] = parseArgs({
    args: argv,
    allowPositionals: true,
    strict: false,
    options: stringOptions(anyField),
  }).positionals;
  if (!game) throw new VerifyInputError('name the game');
  const rules = rulesOf(game);
  const fields = Object.entries(rules.verifyFields);
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: stringOptions(fields.map(([name]) => name)),
    });
  } catch (error) {
    throw new VerifyInputError((error as Error).message);
  }
  const values = parsed.values as Record<string, string | undefined>;
  const extra = parsed.positionals.slice(1);
  if (extra.length) throw new VerifyInputError(`unexpected argument '${extra[0]}'`);
  if (!values['server-seed']) throw new VerifyInputError('--server-seed is required');
  if (!values['client-seed']) throw new VerifyInputError('--client-seed is required');
  if (values.nonce === undefined) throw new VerifyInputError('--nonce is required');
  const outcome = verifyOutcome(game, {
    serverSeed: values['server-seed'],
    clientSeed: values['client-seed'],
    nonce: /^\d{1,15}$/.test(values.nonce) ? Number(values.nonce) : NaN,
    ...Object.fromEntries(fields.map(([name, field]) => [name, fieldValue(field, values[name])])),
  });
  return JSON.stringify(outcome);
}

try {
  console.log(run(process.argv.slice(2)));
} catch (error) {
  if (!(error instanceof VerifyInputError)) throw error;
  console.error(`verify: ${error.message}\n${usage()}`);
  process.exit(2);
}
