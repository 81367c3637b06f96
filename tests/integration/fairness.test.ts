import { createHash } from 'node:crypto';
import { expect, it } from 'vitest';
import { floats } from '../../games/fairness/index';
import { diceRoll } from '../../games/dice/rules';
import { playPlinko } from '../../games/plinko/rules';
import { rouletteSpin } from '../../games/roulette/rules';
import { appOnDatabase, describeEachDatabase, registerUser } from '../support/testApp';
import type { FairnessJson } from '../../games/shared/wire/types';
import { type BetAnswer, type ErrorAnswer, type WireBet } from './games-support';

describeEachDatabase('provable fairness: seed pairs and rotation', (kind) => {
  const suite = appOnDatabase(kind);

  it('commits a pair on first sight: hash, 10 hex client seed, nonce 0, nothing revealed', async () => {
    const user = await registerUser(suite.server.url);
    const first = await suite.client.call<FairnessJson>('GET', '/api/fairness', {
      token: user.token,
    });
    expect(first.status).toBe(200);
    expect(first.body.active.server_seed_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(first.body.active.client_seed).toMatch(/^[0-9a-f]{10}$/);
    expect(first.body.active.nonce).toBe(0);
    expect(first.body.previous).toBeNull();
    const again = await suite.client.call<FairnessJson>('GET', '/api/fairness', {
      token: user.token,
    });
    expect(again.body).toEqual(first.body);
    expect((await suite.client.call('GET', '/api/fairness')).status).toBe(401);
  });

  it('rotation reveals the seed whose hash was shown, and it reproduces every earlier bet', async () => {
    const user = await registerUser(suite.server.url);
    const committed = (
      await suite.client.call<FairnessJson>('GET', '/api/fairness', { token: user.token })
    ).body.active;
    const placed: WireBet[] = [];
    for (let i = 0; i < 3; i++) {
      const dice = await suite.client.call<BetAnswer>('POST', '/api/games/dice/bets', {
        token: user.token,
        body: { amount: 1, target: 49.5, condition: 'over' },
      });
      placed.push(dice.body.bet);
    }
    const spin = await suite.client.call<BetAnswer>('POST', '/api/games/roulette/spins', {
      token: user.token,
      body: { bets: [{ type: 'odd', amount: 1 }] },
    });
    placed.push(spin.body.bet);
    const drop = await suite.client.call<BetAnswer>('POST', '/api/games/plinko/bets', {
      token: user.token,
      body: { amount: 1, rows: 9, risk: 'medium' },
    });
    placed.push(drop.body.bet);
    expect(placed.map((b) => b.nonce)).toEqual([0, 1, 2, 3, 4]);
    for (const bet of placed) expect(bet.server_seed_hash).toBe(committed.server_seed_hash);

    const rotated = await suite.client.call<FairnessJson>('POST', '/api/fairness/rotate', {
      token: user.token,
      body: { client_seed: 'my own seed: lucky 7!' },
    });
    expect(rotated.status).toBe(200);
    const previous = rotated.body.previous!;
    expect(previous).toMatchObject({
      server_seed_hash: committed.server_seed_hash,
      client_seed: committed.client_seed,
      nonce: 5,
    });
    expect(createHash('sha256').update(previous.server_seed).digest('hex')).toBe(
      committed.server_seed_hash,
    );
    expect(rotated.body.active).toMatchObject({ client_seed: 'my own seed: lucky 7!', nonce: 0 });
    expect(rotated.body.active.server_seed_hash).not.toBe(committed.server_seed_hash);

    const f = (nonce: number, n: number) =>
      floats(previous.server_seed, previous.client_seed, nonce, n);
    for (const bet of placed.slice(0, 3)) {
      expect(bet.result.roll).toBe(diceRoll(f(bet.nonce, 1)[0]!) / 100);
    }
    expect(placed[3]!.result.pocket).toBe(rouletteSpin(f(3, 1)[0]!));
    expect(placed[4]!.result.path).toBe(playPlinko(9, 'medium', f(4, 9)).path);

    const shown = await suite.client.call<FairnessJson>('GET', '/api/fairness', {
      token: user.token,
    });
    expect(shown.body).toEqual(rotated.body);
    const next = await suite.client.call<BetAnswer>('POST', '/api/games/dice/bets', {
      token: user.token,
      body: { amount: 1, target: 50, condition: 'under' },
    });
    expect(next.body.bet).toMatchObject({
      nonce: 0,
      client_seed: 'my own seed: lucky 7!',
      server_seed_hash: rotated.body.active.server_seed_hash,
    });
  });

  it('refuses a client seed that is empty, too long or not printable', async () => {
    const user = await registerUser(suite.server.url);
    for (const clientSeed of ['', 'x'.repeat(65), 'tab\there', 'ünïcode', 42]) {
      const res = await suite.client.call<ErrorAnswer>('POST', '/api/fairness/rotate', {
        token: user.token,
        body: { client_seed: clientSeed },
      });
      expect(res.status, String(clientSeed)).toBe(422);
      expect(Object.keys(res.body.errors ?? {})).toEqual(['client_seed']);
    }
    const withoutBody = await suite.client.call<FairnessJson>('POST', '/api/fairness/rotate', {
      token: user.token,
    });
    expect(withoutBody.status).toBe(200);
    expect(withoutBody.body.active.client_seed).toMatch(/^[0-9a-f]{10}$/);
  });

  it('never answers with a server seed that is not revealed yet', async () => {
    await suite.client.expectNoUnrevealedSeed(suite.server.database.db);
  });
});
