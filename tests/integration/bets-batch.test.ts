// Bets written together (server/modules/bets/batch.ts, PostgreSQL): the bets of different players
// that a process is ready to write at once share one statement, and each comes to what it would
// have come to alone: its own nonce and roll, its own ledger lines, its own refusal.
import { and, eq } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { floats } from '../../games/fairness/index';
import { diceRoll } from '../../games/dice/rules';
import { STATEMENT_ASSERT, UNIQUE_VIOLATION, sqlState } from '../../server/db/errors';
import { betBatches, recordBet } from '../../server/modules/bets/record';
import { betState } from '../../server/modules/bets/state';
import { gameSessions } from '../../server/modules/games/schema';
import { unbalancedUsers } from '../support/money';
import { appOnDatabase, DB_KINDS, registerUser } from '../support/testApp';
import { moneySnapshot, revealSeeds, type BetAnswer } from './games-support';

const DICE = { amount: 0.01, target: 50, condition: 'over' } as const;
const EMPTY_ANSWER = { statusCode: 200, body: {} };

describe.runIf(DB_KINDS.includes('postgres'))('bets written together [postgres]', () => {
  const suite = appOnDatabase('postgres');
  const db = () => suite.server.database.db;
  const bet = (token: string, key: string) =>
    suite.client.call<BetAnswer>('POST', '/api/games/dice/bets', {
      token,
      headers: { 'idempotency-key': key },
      body: DICE,
    });

  type Player = Awaited<ReturnType<typeof registerUser>>;
  /** `count` new players who each settled one bet (their seed pair is committed). */
  const playersWithABet = async (count: number): Promise<Player[]> => {
    const players = await Promise.all(
      Array.from({ length: count }, () => registerUser(suite.server.url)),
    );
    for (const player of players) {
      expect((await bet(player.token, `first-${player.id}`)).status).toBe(200);
    }
    return players;
  };

  it('settles many players betting at once in shared statements, each bet its own nonce, roll and books', async () => {
    const players = await Promise.all(
      Array.from({ length: 24 }, () => registerUser(suite.server.url)),
    );
    const sent = { ...betBatches(db()).sent };
    const answers = await Promise.all(
      players.map(async (player, p) => {
        const mine: BetAnswer[] = [];
        for (let i = 0; i < 6; i++) {
          const res = await bet(player.token, `together-${p}-${i}`);
          expect(res.status).toBe(200);
          mine.push(res.body);
        }
        return mine;
      }),
    );
    const after = betBatches(db()).sent;
    const statements = after.statements - sent.statements;
    const written = after.bets - sent.bets;
    // Most bets were warm (the first two of each player are read first, then go through the
    // batches too): at least one statement carried several.
    expect(written).toBeGreaterThan(statements);

    for (const [p, player] of players.entries()) {
      const mine = answers[p]!;
      expect(mine.map((answer) => answer.bet.nonce)).toEqual([0, 1, 2, 3, 4, 5]);
      const seeds = await revealSeeds(suite.client, player.token);
      for (const answer of mine) {
        const roll = diceRoll(
          floats(seeds.server_seed, seeds.client_seed, answer.bet.nonce, 1)[0]!,
        );
        expect(answer.bet.result.roll).toBe(roll / 100);
      }
      const money = await moneySnapshot(db(), player.id);
      expect(money.bets).toBe(6);
      expect(money.balanceCents).toBe(Math.round(mine.at(-1)!.balance * 100));
      expect(money.ledgerTotal).toBe(money.balanceCents);
    }
    expect(new Set(answers.flat().map((answer) => answer.bet.id)).size).toBe(24 * 6);
    expect(await unbalancedUsers(db())).toEqual([]);
  });

  it('writes a refused bet of a batch not at all and the others as usual', async () => {
    const players = await playersWithABet(4);
    const before = await Promise.all(players.map((player) => moneySnapshot(db(), player.id)));
    const sent = { ...betBatches(db()).sent };
    // Written in the same turn of the event loop: one batch. The last bet's nonce is one the
    // pair has moved past, as when another process's bet got there first.
    const rows = await Promise.all(
      players.map(async (player, i) => {
        const state = (await betState(db(), player.id, null, { lock: false }))!;
        return { player, state, stale: i === players.length - 1 };
      }),
    ).then((states) =>
      Promise.all(
        states.map(({ player, state, stale }) =>
          recordBet(
            db(),
            { ...state.pair, nonce: stale ? state.pair.nonce - 1 : state.pair.nonce },
            diceBet(player.id, state.pair),
            null,
            EMPTY_ANSWER,
          ),
        ),
      ),
    );
    expect(betBatches(db()).sent.statements - sent.statements).toBe(1);
    expect(rows.slice(0, -1).every((row) => row !== null)).toBe(true);
    expect(rows.at(-1)).toBeNull();
    for (const [i, player] of players.entries()) {
      const money = await moneySnapshot(db(), player.id);
      if (i === players.length - 1) {
        expect(money).toEqual(before[i]); // nothing moved
      } else {
        expect(money.nonce).toBe(before[i]!.nonce! + 1);
        expect(money.balanceCents).toBe(rows[i]!.balanceCents);
        expect(money.ledgerTotal).toBe(money.balanceCents);
      }
    }
  });

  /**
   * Runs `write` while another connection holds the player's balance row and moves their pair's
   * nonce on, then lets it go: `write`'s statement read the old nonce and waited for the row.
   */
  const whileTheNonceMoves = async <T>(
    playerId: number,
    pairId: number,
    write: () => Promise<T>,
  ) => {
    const other = new pg.Client({ connectionString: suite.testDb.databaseUrl });
    await other.connect();
    try {
      await other.query('BEGIN');
      await other.query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE', [playerId]);
      await other.query('UPDATE seed_pairs SET nonce = nonce + 1 WHERE id = $1', [pairId]);
      const written = write().then(
        (value) => ({ value, error: null }),
        (error: unknown) => ({ value: null, error }),
      );
      await new Promise((r) => setTimeout(r, 300)); // the statement is waiting for the row
      await other.query('COMMIT');
      return await written;
    } finally {
      await other.end();
    }
  };

  it('fails a statement whose nonce moved while it waited for the balance row: nothing written', async () => {
    const [player] = (await playersWithABet(1)) as [Player];
    const state = (await betState(db(), player.id, null, { lock: false }))!;
    const before = await moneySnapshot(db(), player.id);
    // Alone in a transaction: the statement's closing statement_assert fails it.
    const alone = await whileTheNonceMoves(player.id, state.pair.id, () =>
      db().transaction((tx) =>
        recordBet(tx, state.pair, diceBet(player.id, state.pair), null, EMPTY_ANSWER),
      ),
    );
    expect(sqlState(alone.error)).toBe(STATEMENT_ASSERT);
    const moved = await moneySnapshot(db(), player.id);
    expect(moved).toEqual({ ...before, nonce: before.nonce! + 1 });

    // In a batch with another player's bet: the batch statement fails the same way, then each
    // bet is written alone: the other player's is, this one sees the moved nonce and is refused
    // (no row), still without writing anything.
    const [other] = (await playersWithABet(1)) as [Player];
    const [mine, theirs] = await Promise.all(
      [player, other].map((p) => betState(db(), p.id, null, { lock: false })),
    );
    const fallbacks = betBatches(db()).sent.fallbacks;
    const [batched, written] = await whileTheNonceMoves(player.id, mine!.pair.id, () =>
      Promise.all([
        recordBet(db(), mine!.pair, diceBet(player.id, mine!.pair), null, EMPTY_ANSWER),
        recordBet(db(), theirs!.pair, diceBet(other.id, theirs!.pair), null, EMPTY_ANSWER),
      ]),
    ).then(({ value, error }) => {
      expect(error).toBeNull();
      return value!;
    });
    expect(betBatches(db()).sent.fallbacks - fallbacks).toBe(1);
    expect(batched).toBeNull();
    expect(written).not.toBeNull();
    expect(await moneySnapshot(db(), player.id)).toEqual({ ...moved, nonce: moved.nonce! + 1 });
    expect(await unbalancedUsers(db())).toEqual([]);
  });

  it("sends a player's second bet of the same moment in the next statement, so both are written", async () => {
    const [player, other] = (await playersWithABet(2)) as [Player, Player];
    const state = (await betState(db(), player.id, null, { lock: false }))!;
    const otherState = (await betState(db(), other.id, null, { lock: false }))!;
    const next = { ...state.pair, nonce: state.pair.nonce + 1 };
    const sent = { ...betBatches(db()).sent };
    const rows = await Promise.all([
      recordBet(db(), state.pair, diceBet(player.id, state.pair), null, EMPTY_ANSWER),
      recordBet(db(), otherState.pair, diceBet(other.id, otherState.pair), null, EMPTY_ANSWER),
      recordBet(db(), next, diceBet(player.id, next), null, EMPTY_ANSWER),
    ]);
    expect(betBatches(db()).sent.statements - sent.statements).toBe(2);
    expect(rows.every((row) => row !== null)).toBe(true);
    const money = await moneySnapshot(db(), player.id);
    expect(money.nonce).toBe(state.pair.nonce + 2);
    expect(money.balanceCents).toBe(rows[2]!.balanceCents);
    expect(money.ledgerTotal).toBe(money.balanceCents);
  });

  it("opens the sessions of a batch's bets that open one; a second open session fails its bet alone", async () => {
    const players = await playersWithABet(3);
    const write = async (withSession: boolean[]) => {
      const states = await Promise.all(
        players.map((player) => betState(db(), player.id, null, { lock: false })),
      );
      return Promise.allSettled(
        players.map((player, i) =>
          recordBet(
            db(),
            states[i]!.pair,
            { ...diceBet(player.id, states[i]!.pair), game: 'batchTest' },
            null,
            EMPTY_ANSWER,
            withSession[i] ? { session: { state: { step: i } } } : {},
          ),
        ),
      );
    };
    const sessionsOf = (userId: number) =>
      db()
        .select()
        .from(gameSessions)
        .where(and(eq(gameSessions.userId, userId), eq(gameSessions.status, 'active')));

    const sent = { ...betBatches(db()).sent };
    const first = await write([true, true, false]);
    expect(betBatches(db()).sent.statements - sent.statements).toBe(1);
    expect(first.map((outcome) => outcome.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
    for (const [i, player] of players.entries()) {
      const sessions = await sessionsOf(player.id);
      expect(sessions.map((session) => session.state)).toEqual(i < 2 ? [{ step: i }] : []);
      if (i < 2) {
        const written = (first[i] as PromiseFulfilledResult<{ betId: number } | null>).value;
        expect(sessions[0]!.betId).toBe(written!.betId);
      }
    }

    // The first player's session is still open: the batch fails whole, the others settle.
    const before = await moneySnapshot(db(), players[0]!.id);
    const fallbacks = betBatches(db()).sent.fallbacks;
    const second = await write([true, false, true]);
    expect(betBatches(db()).sent.fallbacks - fallbacks).toBe(1);
    expect(second[0]!.status).toBe('rejected');
    expect(sqlState((second[0] as PromiseRejectedResult).reason)).toBe(UNIQUE_VIOLATION);
    expect(await moneySnapshot(db(), players[0]!.id)).toEqual(before);
    expect(second.slice(1).map((outcome) => outcome.status)).toEqual(['fulfilled', 'fulfilled']);
    expect((await sessionsOf(players[2]!.id)).map((session) => session.state)).toEqual([
      { step: 2 },
    ]);
    expect(await unbalancedUsers(db())).toEqual([]);
  });

  it('writes each bet of a batch that failed whole on its own: the others settle, the culprit gets its own error', async () => {
    const players = await playersWithABet(3);
    const before = await Promise.all(players.map((player) => moneySnapshot(db(), player.id)));
    const states = await Promise.all(
      players.map((player) => betState(db(), player.id, null, { lock: false })),
    );
    const sent = { ...betBatches(db()).sent };
    // The first player's bet reuses the key their first bet stored its answer under: its answer
    // cannot be stored, which fails the batch's one statement.
    const outcomes = await Promise.allSettled(
      players.map((player, i) =>
        recordBet(
          db(),
          states[i]!.pair,
          diceBet(player.id, states[i]!.pair),
          { key: i === 0 ? `first-${player.id}` : `new-${player.id}`, requestHash: 'x' },
          { statusCode: 200, body: { bet: {}, balance: 0 } },
        ),
      ),
    );
    const now = betBatches(db()).sent;
    expect(now.statements - sent.statements).toBe(1);
    expect(now.fallbacks - sent.fallbacks).toBe(1);
    expect(outcomes[0]!.status).toBe('rejected');
    expect(sqlState((outcomes[0] as PromiseRejectedResult).reason)).toBe(UNIQUE_VIOLATION);
    expect(await moneySnapshot(db(), players[0]!.id)).toEqual(before[0]);
    for (const i of [1, 2]) {
      expect(outcomes[i]!.status).toBe('fulfilled');
      const money = await moneySnapshot(db(), players[i]!.id);
      expect(money.bets).toBe(before[i]!.bets + 1);
      expect(money.ledgerTotal).toBe(money.balanceCents);
    }
  });
});

/** A 1-cent dice bet on the pair's nonce, decided as the route decides it. */
function diceBet(userId: number, pair: { serverSeed: string; clientSeed: string; nonce: number }) {
  const roll = diceRoll(floats(pair.serverSeed, pair.clientSeed, pair.nonce, 1)[0]!);
  const win = roll > 5000;
  return {
    userId,
    game: 'dice',
    amountCents: 1,
    multiplierE4: win ? 19800 : 0,
    payoutCents: win ? 2 : 0,
    seedPairId: 0,
    nonce: pair.nonce,
    params: { target: 50, condition: 'over' },
    result: { roll: roll / 100, win },
    createdAt: new Date(),
  };
}
