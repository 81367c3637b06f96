// The game kit's promise: a game is its folder and one registry line. Nothing else names a game,
// and the registry, the folders and the server's rules map agree.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import * as registry from '../../../games/registry';
import { GAMES, PLAYABLE_GAMES } from '../../../games/shared/catalog';
import { GAME_RULES } from '../../../server/modules/games/routes';

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

/** Every `file: id` where a source file outside the games' folders names a game id. */
export function filesNamingGames(ids: readonly string[]): string[] {
  const word = new RegExp(`\\b(${ids.join('|')})\\b`, 'g');
  return SCANNED.flatMap((dir) => sourceFiles(path.join(root, dir))).flatMap((file) => {
    const text = fs.readFileSync(file, 'utf8');
    // A generated file (the typed locale keys) mirrors data; its generator names no game.
    if (text.startsWith('// Generated')) return [];
    const found = new Set(text.match(word) ?? []);
    return [...found].map((id) => `${path.relative(root, file)}: ${id}`);
  });
}

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

  it('finds no game id in a source file outside the games folders and the registry', () => {
    expect(gameFolders.length).toBeGreaterThan(0);
    expect(filesNamingGames(gameFolders)).toEqual([]);
  });

  it('would find one: the scan sees a game id in a kit file', () => {
    const probe = path.join(root, 'games', 'shared', `.kit-probe-${process.pid}.ts`);
    fs.writeFileSync(probe, `export const name = '${gameFolders[0]}';\n`);
    try {
      expect(filesNamingGames(gameFolders)).toContain(
        `${path.relative(root, probe)}: ${gameFolders[0]}`,
      );
    } finally {
      fs.rmSync(probe);
    }
  });

  it("serves the registry's games with their own rules on the server", () => {
    expect([...GAME_RULES.keys()].sort()).toEqual(PLAYABLE_GAMES.map((game) => game.id).sort());
    for (const game of PLAYABLE_GAMES) {
      expect(GAME_RULES.get(game.id)).toBe(game.rules);
      expect(game.rules.id).toBe(game.id);
      expect(game.rules.kind).toBe(game.kind);
      expect(game.paths.kind).toBe(game.kind);
      for (const apiPath of Object.values(game.paths).filter((p) => p.startsWith('/'))) {
        expect(apiPath.startsWith(`/api/games/${game.id}/`)).toBe(true);
      }
    }
  });
});
