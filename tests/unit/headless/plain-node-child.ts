// Run by plain-node.test.ts as `node --import tsx tests/unit/headless/plain-node-child.ts`, in a
// plain Node process: never inside Vitest, whose unit project defines a `navigator` first
// (tests/support/node-globals.ts). With no DOM global defined (so any read of one throws a
// ReferenceError) and a resolve hook that refuses pixi.js, it imports the engine's headless
// runner and every game's simulation, params and headless adapter (the games of the registry
// and every games/*/simulation.ts), plays two rounds of each game, and prints one JSON report.
// PLAIN_NODE_EXTRA names one more module to import (the test's check that the hook bites).
import fs from 'node:fs';
import { createRequire, register } from 'node:module';
import path from 'node:path';
import { MessageChannel } from 'node:worker_threads';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '..', '..', '..');
const DOM_GLOBALS = ['navigator', 'window', 'document', 'self', 'location'] as const;
/** The renderer and the rest of the view: what a headless run must never load. */
const BARRED = /\/node_modules\/(pixi\.js|@pixi\/[^/]+|howler|tweakpane|react|react-dom)\//;

// Node 21+ defines `navigator`; Node 20 defines none of them.
for (const name of DOM_GLOBALS) Reflect.deleteProperty(globalThis, name);

const HOOK = `
let port;
export function initialize(data) { port = data.port; }
export async function resolve(specifier, context, next) {
  const resolved = await next(specifier, context);
  const pkg = /\\/node_modules\\/((?:@[^/]+\\/)?[^/]+)\\//.exec(resolved.url);
  if (pkg) port.postMessage(pkg[1]);
  if (${BARRED}.test(resolved.url)) {
    throw new Error('barred in a headless run: ' + specifier + ' imported by ' + context.parentURL);
  }
  return resolved;
}`;
const { port1, port2 } = new MessageChannel();
const packages = new Set<string>();
port1.on('message', (name: string) => packages.add(name));
port1.unref();
register(`data:text/javascript,${encodeURIComponent(HOOK)}`, {
  data: { port: port2 },
  transferList: [port2],
});

const errors: string[] = [];
const imported: string[] = [];
async function load<T>(file: string): Promise<T | null> {
  try {
    const module = (await import(pathToFileURL(path.join(root, file)).href)) as T;
    imported.push(file);
    return module;
  } catch (error) {
    errors.push(`${file}: ${String((error as Error).stack ?? error).split('\n')[0]}`);
    return null;
  }
}

type Catalog = typeof import('../../../games/shared/registry/catalog');
type Rounds = typeof import('../../../games/shared/headless/rounds');

await load('engine/headless/runHeadless.ts');
await load('engine/headless/index.ts');
const catalog = await load<Catalog>('games/shared/registry/catalog.ts');
const registered = catalog?.PLAYABLE_GAMES.map((game) => game.id) ?? [];
const inFolders = fs
  .readdirSync(path.join(root, 'games'))
  .filter((id) => fs.existsSync(path.join(root, 'games', id, 'simulation.ts')));
const games = [...new Set([...registered, ...inFolders])].sort();
for (const id of games) {
  for (const file of ['simulation', 'params', 'headless']) {
    if (fs.existsSync(path.join(root, 'games', id, `${file}.ts`))) {
      await load(`games/${id}/${file}.ts`);
    }
  }
}
if (process.env.PLAIN_NODE_EXTRA) await load(process.env.PLAIN_NODE_EXTRA);

const rounds: Record<string, unknown> = {};
const runner = await load<Rounds>('games/shared/headless/rounds.ts');
for (const id of registered) {
  try {
    rounds[id] = await runner?.runGameHeadless(id, { rounds: 2, seed: 7 });
  } catch (error) {
    errors.push(`${id}: ${String(error)}`);
  }
}

// Give the hook thread's last messages a turn to arrive.
await new Promise((resolve) => setTimeout(resolve, 50));
const required = Object.keys(createRequire(import.meta.url).cache).filter((file) =>
  BARRED.test(file),
);
console.log(
  JSON.stringify({
    registered,
    games,
    imported,
    rounds,
    errors,
    packages: [...packages].sort(),
    required,
    domGlobals: DOM_GLOBALS.filter((name) => name in globalThis),
  }),
);
