// Every game of the registry, whatever its kind, played through its own routes with its default
// parameters: it settles through the ledger, and the bet recomputes from the revealed seed field
// by field. A new game (npm run new-game) is covered here without a line of its own.
import { expect, it } from 'vitest';
import { PLAYABLE_GAMES } from '../../games/shared/registry/catalog';
import { GAME_RULES } from '../../games/shared/registry/gameRules';
import { recomputeRecordedBet, verifyOutcome } from '../../games/shared/registry/verify';
import { unbalancedUsers } from '../support/money';
import { appOnDatabase, describeEachDatabase, registerUser } from '../support/testApp';
import { EVERY_GAME, gamesUnderTest } from '../support/gamesUnderTest';
import { moneySnapshot, playRound, revealSeeds } from './games-support';

describeEachDatabase('every game of the registry', (kind) => {
  const suite = appOnDatabase(kind);

  it.each(gamesUnderTest(PLAYABLE_GAMES).map((game) => [game.id, game] as const))(
    '%s settles through the ledger and recomputes from its revealed seed',
    EVERY_GAME,
    async (_id, game) => {
      const user = await registerUser(suite.server.url);
      const before = await moneySnapshot(suite.server.database.db, user.id);
      const bet = await playRound(suite.server.url, user.token, game);
      expect(bet.game).toBe(game.id);

      const after = await moneySnapshot(suite.server.database.db, user.id);
      const expectedCents = Math.round((bet.payout - bet.amount) * 100);
      expect(after.balanceCents - before.balanceCents).toBe(expectedCents);
      expect(after.ledgerTotal).toBe(after.balanceCents);
      expect(await unbalancedUsers(suite.server.database.db)).toEqual([]);

      const seed = (await revealSeeds(suite.client, user.token)).server_seed;
      expect(recomputeRecordedBet(game.id, bet, seed).mismatches).toEqual([]);
      const outcome = verifyOutcome(game.id, {
        ...GAME_RULES.get(game.id)!.verifyValuesOf(bet.params),
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
