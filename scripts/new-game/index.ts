// `npm run new-game -- <id> --kind instant|stepped|live [--name "Title"]`: scaffolds games/<id>/ (the
// definition, rules with their tests, params, simulation, headless and lab adapters, scene,
// channel, panel and README) from scripts/new-game/templates, adds the game's locale keys to every
// locale file and its one line to games/registry.ts. `npm run new-game -- <id> --remove` takes all
// of that away again.
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { stateRtp } from './rtp';
import { drawPlaceholderTile, lobbyArtFile } from './tileArt';

const root = path.resolve(import.meta.dirname, '..', '..');
const templates = path.join(import.meta.dirname, 'templates');
const registryFile = path.join(root, 'games', 'registry.ts');
const localesDir = path.join(root, 'locales');
const KINDS = ['instant', 'stepped', 'live'] as const;
type Kind = (typeof KINDS)[number];

function fail(message: string): never {
  console.error(`new-game: ${message}`);
  process.exit(2);
}

/** The names a template uses: __ID__ (camelCase), __PASCAL__, __UPPER__, __NAME__, ... */
function namesOf(id: string, name: string, order: number): Record<string, string> {
  const words = id.replace(/([a-z0-9])([A-Z])/g, '$1 $2').split(' ');
  // Two tile colours from the id, so every new game gets its own.
  let hue = 0;
  for (const char of id) hue = (hue * 31 + char.charCodeAt(0)) % 360;
  return {
    __ID__: id,
    __PASCAL__: words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join(''),
    __UPPER__: words.map((w) => w.toUpperCase()).join('_'),
    __NAME__: name,
    __ORDER__: String(order),
    __TILE_A__: hsl(hue, 70, 55),
    __TILE_B__: hsl(hue, 70, 18),
  };
}

function hsl(h: number, s: number, l: number): string {
  const a = (s / 100) * Math.min(l / 100, 1 - l / 100);
  const channel = (n: number) => {
    const k = (n + h / 30) % 12;
    const c = l / 100 - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(c * 255)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${channel(0)}${channel(8)}${channel(4)}`;
}

const fill = (text: string, names: Record<string, string>) =>
  Object.entries(names).reduce((out, [key, value]) => out.split(key).join(value), text);

const registryLine = (id: string) => `export { default as ${id} } from './${id}/game';`;

function readLocale(file: string): Record<string, Record<string, unknown>> {
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, Record<string, unknown>>;
}

function writeLocale(file: string, data: unknown): void {
  fs.writeFileSync(file, `${JSON.stringify(data, null, 2)}\n`);
}

/** The typed locale keys (src/i18n/resources.d.ts) follow en.json. */
function writeKeyTypes(): void {
  execFileSync(process.execPath, [path.join(root, 'scripts', 'i18n-types.mjs')], {
    stdio: 'inherit',
  });
}

/**
 * The wire types (games/shared/wire/api.gen.ts) follow the routes the registry's games add: a new
 * game's routes appear in them, a removed game's go (npm test fails on a stale file).
 */
function writeWireTypes(): void {
  if (values['skip-wire-types']) return;
  execFileSync('npx', ['tsx', path.join(root, 'scripts', 'wire-types.ts')], { stdio: 'inherit' });
}

const localeFiles = () =>
  fs
    .readdirSync(localesDir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => path.join(localesDir, f));

/** Files of `dir` and its subfolders, relative to it. */
function filesOf(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) =>
      entry.isDirectory()
        ? filesOf(path.join(dir, entry.name)).map((f) => path.join(entry.name, f))
        : [entry.name],
    );
}

async function create(id: string, kind: Kind, name: string): Promise<void> {
  const folder = path.join(root, 'games', id);
  // A lobby tile that "opens soon" (only its game.ts) becomes the game, keeping its place.
  const upcoming = upcomingDefinition(folder);
  if (fs.existsSync(folder) && !upcoming) fail(`games/${id} exists already`);
  const registry = fs.readFileSync(registryFile, 'utf8');
  const orders = [...registry.matchAll(/from '\.\/(\w+)\/game'/g)].map((m) => {
    const text = fs.readFileSync(path.join(root, 'games', m[1]!, 'game.ts'), 'utf8');
    return Number(/order: (\d+)/.exec(text)?.[1] ?? 0);
  });
  const names = namesOf(id, name, Math.max(0, ...orders) + 1);
  if (upcoming) Object.assign(names, upcoming);

  // The kind's own templates win over the common ones of the same name.
  const sources = new Map<string, string>();
  for (const dir of ['common', kind]) {
    for (const file of filesOf(path.join(templates, dir))) {
      sources.set(file, path.join(templates, dir, file));
    }
  }
  fs.mkdirSync(folder, { recursive: true });
  for (const [file, source] of sources) {
    if (file === 'locale.json.tmpl') continue;
    const target = path.join(folder, file.replace(/\.tmpl$/, ''));
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, fill(fs.readFileSync(source, 'utf8'), names));
  }
  // The RTP the rules state, derived from the table they were written with (./rtp.ts).
  const rtp = await stateRtp(kind, path.join(folder, 'rules.ts'), names.__UPPER__!);

  const keys = JSON.parse(fill(fs.readFileSync(sources.get('locale.json.tmpl')!, 'utf8'), names));
  for (const file of localeFiles()) {
    const data = readLocale(file);
    const kept = upcoming ? (data.games?.[id] as Record<string, unknown> | undefined) : undefined;
    data.games = { ...data.games, [id]: { ...keys, ...kept } };
    writeLocale(file, data);
  }

  writeKeyTypes();
  await drawPlaceholderTile(lobbyArtFile(root, id), names.__TILE_A__!, names.__TILE_B__!);
  // Names of any length re-wrap lines: the folder leaves in the project's own format.
  execFileSync('npx', ['prettier', '--log-level', 'warn', '--write', folder], { stdio: 'inherit' });

  const lines = registry.split('\n');
  if (lines.includes(registryLine(id))) return done(id, kind, rtp);
  const exports = lines.filter((line) => line.startsWith('export {'));
  const sorted = [...exports, registryLine(id)].sort((a, b) => a.localeCompare(b));
  const start = lines.findIndex((line) => line.startsWith('export {'));
  lines.splice(start, exports.length, ...sorted);
  fs.writeFileSync(registryFile, lines.join('\n'));
  writeWireTypes();
  done(id, kind, rtp);
}

function done(id: string, kind: Kind, rtp: number): void {
  console.log(
    `games/${id}/ created (${kind}, RTP ${rtp} derived from its pay table); ` +
      `locale keys games.${id}.* added to ${localeFiles().length} files (translate them); ` +
      `games/registry.ts lists it; its lobby tile has placeholder art ` +
      `(\`npm run art:lobby -- --only ${id}\` photographs its scene).\n` +
      `Next: write its rules in games/${id}/rules.ts and games/${id}/README.md, then ` +
      `\`npm run test:game -- ${id}\` (its own tests and every test that loops over the games, ` +
      `a few minutes), and \`npm test\` before you commit.`,
  );
}

/** The tile and order of an upcoming game's folder (its game.ts alone, status 'soon'), or null. */
function upcomingDefinition(folder: string): Record<string, string> | null {
  const file = path.join(folder, 'game.ts');
  if (!fs.existsSync(file) || fs.readdirSync(folder).length !== 1) return null;
  const text = fs.readFileSync(file, 'utf8');
  const tile = /tile: \['(#[0-9a-f]{6})', '(#[0-9a-f]{6})'\]/.exec(text);
  const order = /order: (\d+)/.exec(text);
  if (!text.includes("status: 'soon'") || !tile || !order) return null;
  return { __TILE_A__: tile[1]!, __TILE_B__: tile[2]!, __ORDER__: order[1]! };
}

function remove(id: string): void {
  const folder = path.join(root, 'games', id);
  if (!fs.existsSync(path.join(folder, 'game.ts'))) fail(`games/${id} is not a game folder`);
  fs.rmSync(folder, { recursive: true });
  fs.rmSync(lobbyArtFile(root, id), { force: true });
  for (const file of localeFiles()) {
    const data = readLocale(file);
    const games = { ...data.games };
    delete games[id];
    data.games = games;
    writeLocale(file, data);
  }
  writeKeyTypes();
  const registry = fs.readFileSync(registryFile, 'utf8');
  fs.writeFileSync(
    registryFile,
    registry
      .split('\n')
      .filter((line) => line !== registryLine(id))
      .join('\n'),
  );
  writeWireTypes();
  console.log(`games/${id}/, its lobby art, locale keys and registry line are gone.`);
}

const { positionals, values } = parseArgs({
  args: process.argv.slice(2),
  allowPositionals: true,
  options: {
    kind: { type: 'string' },
    name: { type: 'string' },
    remove: { type: 'boolean' },
    // For a caller that scaffolds several games and writes the wire types once after them.
    'skip-wire-types': { type: 'boolean' },
  },
});
const [id] = positionals;
if (!id || !/^[a-z][a-zA-Z0-9]{1,30}$/.test(id)) {
  fail(
    'usage: npm run new-game -- <id: camelCase, e.g. coinFlip> --kind instant|stepped|live [--name "Coin Flip"] | --remove',
  );
}
if (values.remove) {
  remove(id);
} else {
  const kind = values.kind as Kind;
  if (!KINDS.includes(kind)) fail(`--kind must be one of ${KINDS.join(', ')}`);
  const title =
    values.name ?? id.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/^./, (c) => c.toUpperCase());
  await create(id, kind, title);
}
