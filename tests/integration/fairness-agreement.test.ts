// The three places that decide or check an outcome agree for every verifiable game: the server
// settles bets over HTTP, the seeds are revealed, and the browser verifier (the fairness dialog's
// code) and the `npm run verify` CLI recompute each bet to the result the server recorded.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { playableGame } from '../../games/shared/registry/catalog';
import { GAME_RULES } from '../../games/shared/registry/gameRules';
import {
  VERIFIABLE_GAMES,
  recordedMismatches,
  seedMatchesHash,
  verifyOutcome,
} from '../../src/components/fairness/verify';
import { appOnDatabase, call, registerUser } from '../support/testApp';
import type { BetDetailJson } from '../../games/shared/wire/types';
import { playRound, revealSeeds, type BetAnswer } from './games-support';
import { EVERY_GAME, isUnderTest } from '../support/gamesUnderTest';

type Place = (base: string, token: string) => Promise<number[]>;

const post = async (base: string, token: string, url: string, body: unknown = {}) => {
  const answer = await call<BetAnswer>(base, 'POST', url, { token, body });
  expect(answer.status, `${url} ${JSON.stringify(answer.body)}`).toBe(200);
  return answer.body.bet;
};

/**
 * Bets of a game with a spread of parameters; each answers the ids of its bets. A game without an
 * entry plays one round of its defaults (the registry's round driver).
 */
const PLACE: Record<string, Place> = {
  dice: async (base, token) => [
    (await post(base, token, '/api/games/dice/bets', { amount: 1, target: 50, condition: 'over' }))
      .id,
    (await post(base, token, '/api/games/dice/bets', { amount: 1, target: 3, condition: 'under' }))
      .id,
  ],
  roulette: async (base, token) => [
    (
      await post(base, token, '/api/games/roulette/spins', {
        bets: [
          { type: 'red', amount: 1 },
          { type: 'straight', selection: [7], amount: 1 },
        ],
      })
    ).id,
  ],
  plinko: async (base, token) => {
    const ids: number[] = [];
    for (const [rows, risk] of [
      [8, 'low'],
      [12, 'medium'],
      [16, 'high'],
    ] as const) {
      ids.push((await post(base, token, '/api/games/plinko/bets', { amount: 1, rows, risk })).id);
    }
    return ids;
  },
  mines: async (base, token) => {
    const ids: number[] = [];
    for (const mines of [1, 3, 24]) {
      const bet = await post(base, token, '/api/games/mines/games', { amount: 1, mines });
      // Play it to the end (a mine, or a cash-out after one safe tile) so the board is shown.
      const revealed = await post(base, token, `/api/games/mines/games/${bet.id}/reveal`, {
        tile: 12,
      });
      if (revealed.result.status === 'active') {
        await post(base, token, `/api/games/mines/games/${bet.id}/cashout`);
      }
      ids.push(bet.id);
    }
    return ids;
  },
};

function cli(game: string, detail: BetDetailJson): unknown {
  const args = [
    game,
    '--server-seed',
    detail.server_seed!,
    '--client-seed',
    detail.client_seed,
    '--nonce',
    String(detail.nonce),
  ];
  // The verifier's own options, from the rules and the bet's stored parameters.
  const values = GAME_RULES.get(game)!.verifyValuesOf(detail.params);
  for (const [name, value] of Object.entries(values)) args.push(`--${name}`, String(value));
  const root = path.resolve(import.meta.dirname, '..', '..');
  const run = spawnSync(
    process.execPath,
    ['--import', 'tsx', path.join(root, 'scripts/verify.ts'), ...args],
    { cwd: root, encoding: 'utf8' },
  );
  expect(run.status, run.stderr).toBe(0);
  return JSON.parse(run.stdout);
}

describe('server, browser verifier and CLI agree on every verifiable game', () => {
  const suite = appOnDatabase('pglite');

  it(
    'recomputes every bet to the recorded result and the committed seed hash',
    EVERY_GAME,
    async () => {
      const user = await registerUser(suite.server.url);
      const placed: [string, number][] = [];
      for (const game of VERIFIABLE_GAMES.filter(isUnderTest)) {
        const place: Place =
          PLACE[game] ??
          (async (base, token) => [(await playRound(base, token, playableGame(game)!)).id]);
        for (const id of await place(suite.server.url, user.token)) placed.push([game, id]);
      }
      await revealSeeds(suite.client, user.token);

      for (const [game, id] of placed) {
        const detail = (
          await call<BetDetailJson>(suite.server.url, 'GET', `/api/bets/${id}`, {
            token: user.token,
          })
        ).body;
        expect(detail.game).toBe(game);
        expect(detail.server_seed).toMatch(/^[0-9a-f]{64}$/);
        expect(seedMatchesHash(detail.server_seed!, detail.server_seed_hash)).toBe(true);
        const input = {
          ...GAME_RULES.get(game)!.verifyValuesOf(detail.params),
          serverSeed: detail.server_seed!,
          clientSeed: detail.client_seed,
          nonce: detail.nonce,
        };
        const browser = verifyOutcome(game, input);
        expect(browser, `${game} bet ${id}`).not.toBeNull();
        expect(recordedMismatches(game, detail, detail.server_seed!), `${game} bet ${id}`).toEqual(
          [],
        );
        expect(cli(game, detail), `${game} bet ${id}`).toEqual(browser);
      }
    },
  );
});
