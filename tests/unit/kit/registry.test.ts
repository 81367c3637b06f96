// The game kit's promise: a game is its folder and one registry line. Nothing else names a game,
// and the registry, the folders and the server's rules map agree.
import fs from 'node:fs';
import path from 'node:path';
import Fastify from 'fastify';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import * as registry from '../../../games/registry';
import { GAMES, PLAYABLE_GAMES } from '../../../games/shared/registry/catalog';
import type { PlayableGame } from '../../../games/shared/registry/definition';
import { GAME_RULES } from '../../../games/shared/registry/gameRules';
import { gameRoutes } from '../../../server/modules/games/routes';

const root = path.resolve(import.meta.dirname, '..', '..', '..');
const KIT_FOLDERS = new Set(['shared', 'fairness']);
const SOURCE = /\.(ts|tsx|mts|js|mjs|css)$/;
const SCANNED = ['src', 'server', 'engine', 'scripts', 'games/shared', 'games/fairness'];

const gameFolders = fs
  .readdirSync(path.join(root, 'games'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !KIT_FOLDERS.has(entry.name))
  .map((entry) => entry.name)
  .sort();

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return SOURCE.test(entry.name) ? [full] : [];
  });
}

/**
 * The scaffold check names the games it scaffolds in its temporary copy (`sample`, the
 * walk-through of docs/developers/game-kit.md, among them): in that file, and only there, those
 * ids are no list of games.
 */
const SCAFFOLDED: Readonly<Record<string, readonly string[]>> = {
  'scripts/check-scaffold.mjs': ['sample', 'kitStepped', 'kitLive'],
};

const SCRIPT_KINDS: Record<string, ts.ScriptKind> = {
  '.ts': ts.ScriptKind.TS,
  '.mts': ts.ScriptKind.TS,
  '.tsx': ts.ScriptKind.TSX,
  '.js': ts.ScriptKind.JS,
  '.mjs': ts.ScriptKind.JS,
};

/** The code of each text already read (the probe's scan reads the same files again). */
const printed = new Map<string, string>();

/**
 * A source file's code without its comments: a game named in prose (or an English word that is
 * also a game id, like "sample") is no list of games; an identifier, a string or a path is.
 */
function codeOf(file: string, text: string): string {
  const key = `${path.extname(file)}\n${text}`;
  let code = printed.get(key);
  if (code === undefined) {
    if (file.endsWith('.css')) code = text.replace(/\/\*[\s\S]*?\*\//g, '');
    else {
      const kind = SCRIPT_KINDS[path.extname(file)] ?? ts.ScriptKind.TS;
      const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
      code = ts.createPrinter({ removeComments: true }).printFile(source);
    }
    printed.set(key, code);
  }
  return code;
}

/** Every `file: id` where a source file outside the games' folders names a game id. */
export function filesNamingGames(ids: readonly string[]): string[] {
  const word = new RegExp(`\\b(${ids.join('|')})\\b`, 'g');
  return SCANNED.flatMap((dir) => sourceFiles(path.join(root, dir))).flatMap((file) => {
    const text = fs.readFileSync(file, 'utf8');
    // A generated file (the typed locale keys) mirrors data; its generator names no game.
    if (text.startsWith('// Generated')) return [];
    const name = path.relative(root, file);
    const allowed = SCAFFOLDED[name] ?? [];
    const found = new Set(codeOf(file, text).match(word) ?? []);
    return [...found].filter((id) => !allowed.includes(id)).map((id) => `${name}: ${id}`);
  });
}

/** The route a game's bet (or start) is posted to. */
const betPath = (game: PlayableGame): string => {
  const paths = game.paths;
  return paths.kind === 'instant'
    ? paths.bet
    : paths.kind === 'stepped'
      ? paths.games
      : paths.rounds;
};

interface ServedRoute {
  method: string;
  url: string;
  body: string[];
}

/**
 * The game routes the server registers (its games plugin, on a bare Fastify): their methods,
 * paths and body fields. The factories keep the database for requests; none is made here.
 */
async function servedGameRoutes(): Promise<ServedRoute[]> {
  const app = Fastify();
  app.decorate('db', {} as never);
  app.decorate('config', { accounts: {} } as never);
  app.decorate('dbListen', (async () => async () => undefined) as never);
  const routes: ServedRoute[] = [];
  app.addHook('onRoute', (route) => {
    const body = (route.schema?.body ?? {}) as { properties?: Record<string, unknown> };
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      routes.push({ method, url: route.url, body: Object.keys(body.properties ?? {}) });
    }
  });
  try {
    await app.register(gameRoutes);
    await app.ready();
  } finally {
    await app.close();
  }
  return routes;
}

/** The scans parse every kit file and the route test registers every game: seconds when busy. */
const SLOW = 60_000;

describe('the game kit', () => {
  it('lists every game folder once in the registry, and nothing else', () => {
    expect(
      Object.values(registry)
        .map((game) => game.id)
        .sort(),
    ).toEqual(gameFolders);
    for (const [name, game] of Object.entries(registry)) expect(game.id).toBe(name);
    expect(new Set(GAMES.map((game) => game.order)).size).toBe(GAMES.length);
  });

  it("gives every playable game the kit's per-game files, its scene lab adapter included", () => {
    for (const game of PLAYABLE_GAMES) {
      for (const file of ['game.ts', 'rules.ts', 'params.ts', 'simulation.ts', 'headless.ts']) {
        expect(fs.existsSync(path.join(root, 'games', game.id, file)), `${game.id}/${file}`).toBe(
          true,
        );
      }
      // games/<id>/lab.ts: `export const lab = defineLabGame({...})` (games/shared/lab/adapter.ts).
      const lab = path.join(root, 'games', game.id, 'lab.ts');
      expect(fs.existsSync(lab), `games/${game.id}/lab.ts`).toBe(true);
      expect(fs.readFileSync(lab, 'utf8')).toMatch(/export const lab = defineLabGame\(/);
    }
  });

  it(
    'finds no game id in a source file outside the games folders and the registry',
    () => {
      expect(gameFolders.length).toBeGreaterThan(0);
      expect(filesNamingGames(gameFolders)).toEqual([]);
    },
    SLOW,
  );

  it(
    'would find one: the scan sees a game id in a kit file, in its code and not its comments',
    () => {
      const id = gameFolders[0]!;
      const probe = path.join(root, 'games', 'shared', `.kit-probe-${process.pid}.ts`);
      const prose = path.join(root, 'games', 'shared', `.kit-prose-${process.pid}.tsx`);
      fs.writeFileSync(probe, `// no game here\nexport const name = '${id}';\n`);
      fs.writeFileSync(prose, `/** ${id} */\nexport const x = 1; // ${id}\n`);
      try {
        const found = filesNamingGames(gameFolders);
        expect(found).toContain(`${path.relative(root, probe)}: ${id}`);
        expect(found).not.toContain(`${path.relative(root, prose)}: ${id}`);
      } finally {
        fs.rmSync(probe);
        fs.rmSync(prose);
      }
    },
    SLOW,
  );

  it(
    "serves the registry's games, and only them, with their own rules on the server",
    async () => {
      const served = await servedGameRoutes();
      // Every game route is under one game's prefix, and that game is in the registry.
      const owners = served.map(({ url }) => /^\/api\/games\/([^/]+)\//.exec(url)?.[1] ?? url);
      expect([...new Set(owners)].sort()).toEqual(PLAYABLE_GAMES.map((game) => game.id).sort());
      const has = (method: string, url: string) =>
        served.some((route) => route.method === method && route.url === url);
      for (const game of PLAYABLE_GAMES) {
        // Every path its client calls is served, the bet route with the fields of its own rules.
        const bet = served.find((route) => route.method === 'POST' && route.url === betPath(game));
        expect(bet, `${game.id}: POST ${betPath(game)}`).toBeDefined();
        expect(bet!.body).toEqual(
          expect.arrayContaining(Object.keys(GAME_RULES.get(game.id)!.params)),
        );
        if (game.paths.kind !== 'instant') expect(has('GET', game.paths.active)).toBe(true);
        if (game.paths.kind === 'stepped') {
          const { games, step } = game.paths;
          expect(has('POST', `${games}/:id/${step}`)).toBe(true);
          expect(has('POST', `${games}/:id/cashout`)).toBe(true);
        }
      }
      expect([...GAME_RULES.keys()].sort()).toEqual(PLAYABLE_GAMES.map((game) => game.id).sort());
      for (const game of PLAYABLE_GAMES) {
        // The definition's rules are its folder's rules.ts, the same module everyone imports.
        const rules = await game.rules();
        expect(GAME_RULES.get(game.id)).toBe(rules);
        expect(rules.id).toBe(game.id);
        expect(rules.kind).toBe(game.kind);
        expect(game.paths.kind).toBe(game.kind);
        for (const apiPath of Object.values(game.paths).filter((p) => p.startsWith('/'))) {
          expect(apiPath.startsWith(`/api/games/${game.id}/`)).toBe(true);
        }
      }
    },
    SLOW,
  );

  it("keeps each game's texts, the server's included, in its own namespace games.<id>", () => {
    /** Every key path of a locale file whose segments name a game outside games.<id>. */
    const strayKeys = (file: string): string[] => {
      const walk = (node: unknown, trail: string[]): string[] => {
        if (typeof node !== 'object' || node === null) return [];
        return Object.entries(node).flatMap(([key, value]) => {
          const keyPath = [...trail, key];
          const named = keyPath.findIndex((segment) => gameFolders.includes(segment));
          const placed = named === 1 && keyPath[0] === 'games';
          if (named >= 0 && !placed) return [keyPath.join('.')];
          return walk(value, keyPath);
        });
      };
      return walk(JSON.parse(fs.readFileSync(path.join(root, file), 'utf8')), []);
    };
    const files = ['locales', 'locales/server'].flatMap((dir) =>
      fs
        .readdirSync(path.join(root, dir))
        .filter((name) => name.endsWith('.json'))
        .map((name) => `${dir}/${name}`),
    );
    expect(files.length).toBe(10);
    for (const file of files) expect(strayKeys(file), file).toEqual([]);
    // And the rules' refusals use those keys: no game speaks under another's name or at the top.
    for (const game of PLAYABLE_GAMES) {
      const rulesSource = fs.readFileSync(path.join(root, 'games', game.id, 'rules.ts'), 'utf8');
      const keys = [...rulesSource.matchAll(/key: '([^']+)'/g)].map((match) => match[1]!);
      for (const key of keys) {
        const owner = gameFolders.find((id) => key.split('.').includes(id));
        if (owner) expect(key.startsWith(`games.${game.id}.`), `${game.id}: ${key}`).toBe(true);
      }
    }
  });
});
