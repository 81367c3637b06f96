// The lobby tile of every registry game: its art exists, decodes and stays small; its RTP is the
// rules' RTP of their example bet, formatted per locale; the live game wears the live badge.
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { PLAYABLE_GAMES } from '../../../games/shared/registry/catalog';
import { lobbyArtOf, lobbyRtpOf } from '../../../games/shared/registry/lobbyTile';
import { GAME_RULES } from '../../../games/shared/registry/gameRules';
import { formatRtp } from '../../../src/components/lobby/GameTile';

const root = path.resolve(import.meta.dirname, '..', '..', '..');
const artFile = (id: string) => path.join(root, 'assets', 'generated', 'lobby', `${id}.webp`);

describe('lobby tiles', () => {
  it.each(PLAYABLE_GAMES.map((game) => [game.id, game] as const))(
    '%s: its art is a 480x360 WebP under 30 KB that the kit finds by its id',
    async (id, game) => {
      expect(lobbyArtOf(game), 'run `npm run art:lobby`').toContain(`lobby/${id}.webp`);
      const file = artFile(id);
      const meta = await sharp(file).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', 480, 360]);
      expect(fs.statSync(file).size).toBeLessThan(30 * 1024);
      // Not a blank frame: a photographed scene has light and dark.
      const { channels } = await sharp(file).stats();
      expect(Math.max(...channels.map((c) => c.stdev))).toBeGreaterThan(10);
    },
  );

  it('finds no art for a game that has none yet (the tile draws its own)', () => {
    expect(lobbyArtOf({ id: 'notAGameYet' })).toBeNull();
  });

  it.each(PLAYABLE_GAMES.map((game) => [game.id, game] as const))(
    "%s: the tile's RTP, worked out at build, is its rules' RTP at the parameters' defaults",
    (id, game) => {
      const rules = GAME_RULES.get(id)!;
      const rtp = lobbyRtpOf(game);
      expect(rtp).toBeGreaterThan(0.9);
      expect(rtp).toBeLessThan(1);
      const defaults = Object.fromEntries(
        Object.entries(rules.params).map(([name, field]) => [name, field.default]),
      );
      const parsed = rules.parse(defaults);
      expect(parsed.ok).toBe(true);
      if (parsed.ok) expect(rtp).toBe(rules.rtp(rules.wire(parsed.value as never)));
    },
  );

  it('has no RTP for a game the build did not see (the tile leaves it blank)', () => {
    expect(lobbyRtpOf({ id: 'notAGameYet' })).toBeNull();
  });

  it('formats the RTP with two decimals in the current locale', () => {
    expect(formatRtp(0.99, 'en')).toBe('99.00%');
    expect(formatRtp(36 / 37, 'en')).toBe('97.30%');
    expect(formatRtp(0.99, 'fr').replace(/\s/g, ' ')).toBe('99,00 %');
    expect(formatRtp(0.99, 'pt-BR')).toBe('99,00%');
  });

  it('marks every live game live', () => {
    const live = PLAYABLE_GAMES.filter((game) => game.kind === 'live');
    expect(live.length).toBeGreaterThan(0);
    for (const game of live) expect(game.status, game.id).toBe('live');
  });
});
