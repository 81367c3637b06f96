// Every game of the registry, whatever its kind, played through its own routes with its default
// parameters: it settles through the ledger, and the bet recomputes from the revealed seed field
// by field. A new game (npm run new-game) is covered here without a line of its own.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PLAYABLE_GAMES } from '../../games/shared/catalog';
import { recomputeRecordedBet, verifyOutcome } from '../../games/shared/verify';
import { unbalancedUsers } from '../support/money';
import {
  createTestDatabase,
  describeEachDatabase,
  call,
  registerUser,
  startTestApp,
  type TestApp,
  type TestDatabase,
} from '../support/testApp';
import { moneySnapshot, playRound } from './games-support';

describeEachDatabase('every game of the registry', (kind) => {
  let testDb: TestDatabase;
  let server: TestApp;

  beforeAll(async () => {
    testDb = await createTestDatabase(kind);
    server = await startTestApp(testDb);
  });
  afterAll(async () => {
    await server?.close();
    await testDb?.dispose();
  });

  it.each(PLAYABLE_GAMES.map((game) => [game.id, game] as const))(
    '%s settles through the ledger and recomputes from its revealed seed',
    async (_id, game) => {
      const user = await registerUser(server.url);
      const before = await moneySnapshot(server.database.db, user.id);
      const bet = await playRound(server.url, user.token, game);
      expect(bet.game).toBe(game.id);

      const after = await moneySnapshot(server.database.db, user.id);
      const expectedCents = Math.round((bet.payout - bet.amount) * 100);
      expect(after.balanceCents - before.balanceCents).toBe(expectedCents);
      expect(after.ledgerTotal).toBe(after.balanceCents);
      expect(await unbalancedUsers(server.database.db)).toEqual([]);

      const rotated = await call<{ previous: { server_seed: string } }>(
        server.url,
        'POST',
        '/api/fairness/rotate',
        { token: user.token, body: {} },
      );
      const seed = rotated.body.previous.server_seed;
      expect(recomputeRecordedBet(game.id, bet, seed).mismatches).toEqual([]);
      const outcome = verifyOutcome(game.id, {
        ...game.rules.verifyValuesOf(bet.params),
        serverSeed: seed,
        clientSeed: bet.client_seed,
        nonce: bet.nonce,
      });
      for (const [key, value] of Object.entries(outcome)) {
        if (key in bet.result) expect(bet.result[key]).toEqual(value);
      }
    },
  );
});
