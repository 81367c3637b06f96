// `npm run params:apply -- <game> <file.json>`: makes values exported from the debug overlay a
// game's defaults. Validates them against the ranges and steps in games/<game>/params.ts (or the
// engine demo's engine/demo/params.ts for `demo` / `physics`), then rewrites only the `value:`s.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { validateParams, type ParamsSpec } from '../engine/params/params';
import { rewriteDefaults } from '../engine/params/rewriteDefaults';

const root = path.resolve(import.meta.dirname, '..');

function fail(message: string): never {
  console.error(`params:apply: ${message}`);
  process.exit(1);
}

function isSpec(value: unknown): value is ParamsSpec {
  if (typeof value !== 'object' || value === null) return false;
  const entries = Object.values(value);
  return (
    entries.length > 0 &&
    entries.every(
      (p: unknown) =>
        typeof p === 'object' &&
        p !== null &&
        ['value', 'min', 'max', 'step'].every(
          (k) => typeof (p as Record<string, unknown>)[k] === 'number',
        ),
    )
  );
}

const [game, file] = process.argv.slice(2).filter((a) => a !== '--');
if (!game || !file) fail('usage: npm run params:apply -- <game> <file.json>');
if (!/^[A-Za-z0-9_-]+$/.test(game)) fail(`bad game name '${game}'`);

const paramsFile = ['demo', 'physics'].includes(game)
  ? path.join(root, 'engine', 'demo', 'params.ts')
  : path.join(root, 'games', game, 'params.ts');
if (!fs.existsSync(paramsFile)) fail(`${path.relative(root, paramsFile)} does not exist`);

let input: unknown;
try {
  input = JSON.parse(fs.readFileSync(path.resolve(file), 'utf8'));
} catch (error) {
  fail(`cannot read ${file} as JSON: ${(error as Error).message}`);
}
const keys = typeof input === 'object' && input !== null ? Object.keys(input) : [];

// A params.ts imports only the engine's renderer-free part (engine/headless/index.ts): no pixi.js,
// so no `navigator` is needed here.
const module = (await import(pathToFileURL(paramsFile).href)) as Record<string, unknown>;
const spec = Object.values(module)
  .filter(isSpec)
  .find((candidate) => keys.length > 0 && keys.every((key) => key in candidate));
if (!spec)
  fail(`no params spec in ${path.relative(root, paramsFile)} has all of: ${keys.join(', ')}`);

const { values, errors } = validateParams(spec, input);
if (errors.length) fail(`invalid values:\n  ${errors.join('\n  ')}`);

const source = fs.readFileSync(paramsFile, 'utf8');
const updated = rewriteDefaults(source, values);
fs.writeFileSync(paramsFile, updated);
console.log(
  `params:apply: ${path.relative(root, paramsFile)} defaults now ${JSON.stringify(values)}` +
    (updated === source ? ' (unchanged)' : ''),
);
