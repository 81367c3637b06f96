// WarmPlayers (server/modules/bets/warm.ts): when a player's next bet may skip its read. The
// write's own checks are tested against the database in tests/integration/bets-warm.test.ts.
import { describe, expect, it } from 'vitest';
import type { User } from '../../server/db/schema';
import { sha256Hex, TOUCH_INTERVAL_MS } from '../../server/modules/auth/tokens';
import { WarmPlayers, type WarmPlayer } from '../../server/modules/bets/warm';

const NOW = 1_800_000_000_000;
const SECRET = 'a'.repeat(40);
const token = { id: 7, secret: SECRET };

function player(overrides: Partial<WarmPlayer> = {}): WarmPlayer {
  return {
    tokenHash: sha256Hex(SECRET),
    user: { id: 3, name: 'Ada' } as User,
    lastUsedMs: NOW - 1000,
    expiresMs: NOW + 60_000,
    pair: { id: 1, serverSeed: 's', serverSeedHash: 'h', clientSeed: 'c', nonce: 4 },
    balanceCents: 500,
    ...overrides,
  };
}

describe('WarmPlayers', () => {
  it('gives the kept player once for the same secret, then nothing until kept again', () => {
    const warm = new WarmPlayers();
    warm.keep(token.id, player());
    expect(warm.take(token, sha256Hex(SECRET), NOW)).toMatchObject({ balanceCents: 500 });
    expect(warm.take(token, sha256Hex(SECRET), NOW)).toBeNull();
  });

  it('refuses another secret, a token due for its last use to be written, and an expired one', () => {
    const warm = new WarmPlayers();
    warm.keep(token.id, player());
    expect(warm.take(token, sha256Hex('b'.repeat(40)), NOW)).toBeNull();
    warm.keep(token.id, player({ lastUsedMs: NOW - TOUCH_INTERVAL_MS - 1 }));
    expect(warm.take(token, sha256Hex(SECRET), NOW)).toBeNull();
    warm.keep(token.id, player({ expiresMs: NOW }));
    expect(warm.take(token, sha256Hex(SECRET), NOW)).toBeNull();
    warm.keep(token.id, player({ expiresMs: null }));
    expect(warm.take(token, sha256Hex(SECRET), NOW)).not.toBeNull();
  });

  it('reads a player whose warm bet was refused for ten seconds, then guesses again', () => {
    const warm = new WarmPlayers();
    warm.refused(token.id, NOW);
    warm.keep(token.id, player({ lastUsedMs: NOW }));
    expect(warm.take(token, sha256Hex(SECRET), NOW + 9_999)).toBeNull();
    warm.keep(token.id, player({ lastUsedMs: NOW }));
    expect(warm.take(token, sha256Hex(SECRET), NOW + 10_001)).not.toBeNull();
  });

  it('keeps at most 10,000 players, dropping the one that bet longest ago', () => {
    const warm = new WarmPlayers();
    for (let id = 1; id <= 10_001; id++) warm.keep(id, player());
    expect(warm.size).toBe(10_000);
    expect(warm.take({ id: 1, secret: SECRET }, sha256Hex(SECRET), NOW)).toBeNull();
    expect(warm.take({ id: 2, secret: SECRET }, sha256Hex(SECRET), NOW)).not.toBeNull();
  });
});
