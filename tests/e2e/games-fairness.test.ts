import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { call } from '../support/testApp';
import { playerPage, poll, type WireBet } from './games-helpers';
import { serverAndBrowser } from '../support/e2eEnvironment';

const env = serverAndBrowser();

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('the fairness dialog', () => {
  it('rotates seeds, reveals the old one and verifies an earlier bet in the browser', async () => {
    const { page, player, close } = await playerPage(env.browser, env.server.url);
    const placed = await call<{ bet: WireBet }>(env.server.url, 'POST', '/api/games/dice/bets', {
      token: player.token,
      body: { amount: 1, target: 50, condition: 'over' },
    });
    expect(placed.status).toBe(200);
    const bet = placed.body.bet;

    await page.goto(`${env.server.url}/dice`);
    const row = page.locator(`[data-testid=bet-history] tr[data-bet-id="${bet.id}"]`);
    await row.waitFor();

    // Before the rotation the bet's seed is secret: the verifier says so.
    await row.locator('button').click();
    const dialog = page.locator('[data-testid=fairness-dialog]');
    await dialog.locator('[data-testid=fairness-not-revealed]').waitFor();
    expect(await dialog.locator('[data-testid=fairness-hash]').textContent()).toBe(
      bet.server_seed_hash,
    );
    expect(await dialog.locator('[data-testid=fairness-nonce]').textContent()).toBe('1');

    // Rotate with a client seed of our own: the old server seed is shown and hashes to the commitment.
    await dialog.locator('input[name=client_seed]').fill('my own seed 42');
    await dialog.locator('[data-testid=fairness-rotate]').click();
    const revealed = dialog.locator('[data-testid=fairness-revealed-seed]');
    await revealed.waitFor();
    const serverSeed = (await revealed.textContent()) ?? '';
    expect(serverSeed).toMatch(/^[0-9a-f]{64}$/);
    expect(sha256(serverSeed)).toBe(bet.server_seed_hash);
    await poll(() => dialog.locator('[data-testid=fairness-hash]').textContent()).not.toBe(
      bet.server_seed_hash,
    );
    expect(await dialog.locator('input[name=client_seed]').inputValue()).toBe('my own seed 42');
    expect(await dialog.locator('[data-testid=fairness-nonce]').textContent()).toBe('0');
    // The previous pair counts its bets (a plural message with its count filled, not shown raw).
    const previousText = await dialog.locator('[data-testid=fairness-previous]').textContent();
    expect(previousText).toContain('1 bet made');
    expect(previousText).not.toMatch(/\{\{|bets_made/);

    // The verifier reloaded the bet with its revealed seed and recomputed the roll in the page.
    const result = dialog.locator('[data-testid=fairness-result]');
    await poll(() => result.getAttribute('data-outcome')).toBe(
      (bet.result.roll as number).toFixed(2).replace('.', ','),
    );
    expect(await dialog.locator('[data-testid=fairness-match]').getAttribute('data-match')).toBe(
      'true',
    );
    expect(
      await dialog.locator('[data-testid=fairness-hash-check]').getAttribute('data-match'),
    ).toBe('true');
    expect(await dialog.locator('input[name=server_seed]').inputValue()).toBe(serverSeed);

    // A tampered seed no longer matches.
    await dialog.locator('input[name=server_seed]').fill(`${serverSeed.slice(0, 63)}0`);
    if (serverSeed.endsWith('0')) {
      await dialog.locator('input[name=server_seed]').fill(`${serverSeed.slice(0, 63)}1`);
    }
    expect(
      await dialog.locator('[data-testid=fairness-hash-check]').getAttribute('data-match'),
    ).toBe('false');

    // The server agrees: the bet's detail now carries the same seed.
    const detail = await call<{ server_seed: string }>(
      env.server.url,
      'GET',
      `/api/bets/${bet.id}`,
      {
        token: player.token,
      },
    );
    expect(detail.body.server_seed).toBe(serverSeed);
    await close();
  });

  it('says in the dialog, not in another dialog, that seeds cannot rotate during a game', async () => {
    const { page, player, close } = await playerPage(env.browser, env.server.url);
    const started = await call<{ bet: WireBet }>(env.server.url, 'POST', '/api/games/mines/games', {
      token: player.token,
      body: { amount: 1, mines: 3 },
    });
    expect(started.status).toBe(200);
    await page.goto(`${env.server.url}/mines`);
    const row = page.locator(`[data-testid=bet-history] tr[data-bet-id="${started.body.bet.id}"]`);
    await row.locator('button').click();
    const dialog = page.locator('[data-testid=fairness-dialog]');
    const hash = dialog.locator('[data-testid=fairness-hash]');
    await poll(() => hash.textContent()).toBe(started.body.bet.server_seed_hash);
    const rotated = page.waitForResponse('**/api/fairness/rotate');
    await dialog.locator('[data-testid=fairness-rotate]').click();
    expect((await rotated).status()).toBe(422);
    await poll(() => dialog.locator('[data-testid=fairness-refused]').textContent()).toBe(
      'Seeds cannot be rotated while a game is in progress.',
    );
    expect(await page.locator('[role=alertdialog]').count()).toBe(0);
    expect(await page.locator('[role=dialog]').count()).toBe(1);
    expect(await hash.textContent()).toBe(started.body.bet.server_seed_hash);
    await close();
  });

  for (const viewport of [
    { width: 1440, height: 900 },
    { width: 390, height: 844 },
  ]) {
    it(`${viewport.width} x ${viewport.height}: the dialog fits the screen, its title and Close in view, its fields full size`, async () => {
      const { page, player, close } = await playerPage(env.browser, env.server.url);
      await page.setViewportSize(viewport);
      const placed = await call<{ bet: WireBet }>(env.server.url, 'POST', '/api/games/dice/bets', {
        token: player.token,
        body: { amount: 1, target: 50, condition: 'over' },
      });
      await page.goto(`${env.server.url}/dice`);
      const row = page.locator(`[data-testid=bet-history] tr[data-bet-id="${placed.body.bet.id}"]`);
      await row.locator('button').click();
      const dialog = page.locator('[role=dialog]');
      await dialog.locator('[data-testid=fairness-hash]').waitFor();
      const inView = async (selector: string) => {
        const box = (await dialog.locator(selector).first().boundingBox())!;
        return box.y >= 0 && box.y + box.height <= viewport.height;
      };
      expect(await inView('.dialog__title')).toBe(true);
      expect(await inView('.dialog__actions button')).toBe(true);
      const select = (await dialog.locator('select[name=game]').boundingBox())!;
      expect(select.height).toBeGreaterThanOrEqual(40);
      await close();
    });
  }

  it('verifies a finished mines game: the board recomputed from the revealed seed', async () => {
    const { page, player, close } = await playerPage(env.browser, env.server.url);
    const started = await call<{ bet: WireBet }>(env.server.url, 'POST', '/api/games/mines/games', {
      token: player.token,
      body: { amount: 1, mines: 5 },
    });
    expect(started.status).toBe(200);
    const id = started.body.bet.id;
    // Reveal tiles in order until the game ends (a mine, or every safe tile cleared).
    let over: WireBet | null = null;
    for (let tile = 0; tile < 25 && !over; tile++) {
      const res = await call<{ bet: WireBet }>(
        env.server.url,
        'POST',
        `/api/games/mines/games/${id}/reveal`,
        { token: player.token, body: { tile } },
      );
      expect(res.status).toBe(200);
      if (res.body.bet.result.status !== 'active') over = res.body.bet;
    }
    expect(over!.result.mines).toHaveLength(5);
    expect(
      (await call(env.server.url, 'POST', '/api/fairness/rotate', { token: player.token })).status,
    ).toBe(200);

    await page.goto(`${env.server.url}/mines`);
    const row = page.locator(`[data-testid=bet-history] tr[data-bet-id="${id}"]`);
    await row.locator('button').click();
    const dialog = page.locator('[data-testid=fairness-dialog]');
    await poll(() =>
      dialog.locator('[data-testid=fairness-result]').getAttribute('data-outcome'),
    ).toBe((over!.result.mines as number[]).join(', '));
    expect(await dialog.locator('select[name=game]').inputValue()).toBe('mines');
    expect(await dialog.locator('input[name=mines]').inputValue()).toBe('5');
    expect(await dialog.locator('[data-testid=fairness-match]').getAttribute('data-match')).toBe(
      'true',
    );
    expect(
      await dialog.locator('[data-testid=fairness-hash-check]').getAttribute('data-match'),
    ).toBe('true');
    await close();
  });

  it('verifies a mini slot spin and a finished Gem Miner game from the revealed seed', async () => {
    const { page, player, close } = await playerPage(env.browser, env.server.url);
    const post = (path: string, body: unknown) =>
      call<{ bet: WireBet & { multiplier: number } }>(env.server.url, 'POST', path, {
        token: player.token,
        body,
      });
    const spun = await post('/api/games/minislot/spins', { amount: 1 });
    expect(spun.status).toBe(200);
    const spin = spun.body.bet;

    // Gem Miner on easy: dig tile (level % 4) until a rock ends it, or cash out after 3 levels.
    const started = await post('/api/games/gemMiner/games', { amount: 1, difficulty: 'easy' });
    expect(started.status).toBe(200);
    const id = started.body.bet.id;
    let game = started.body.bet;
    for (let level = 0; game.result.status === 'playing' && level < 3; level++) {
      const res = await post(`/api/games/gemMiner/games/${id}/dig`, { tile: level % 4, level });
      expect(res.status).toBe(200);
      game = res.body.bet;
    }
    if (game.result.status === 'playing') {
      const res = await post(`/api/games/gemMiner/games/${id}/cashout`, {});
      expect(res.status).toBe(200);
      game = res.body.bet;
    }
    expect(['lost', 'cashed_out']).toContain(game.result.status);
    expect(game.result.rocks).toHaveLength(8);
    expect((await post('/api/fairness/rotate', {})).status).toBe(200);

    const dialog = page.locator('[data-testid=fairness-dialog]');
    const result = dialog.locator('[data-testid=fairness-result]');
    const expectVerified = async () => {
      expect(await dialog.locator('[data-testid=fairness-match]').getAttribute('data-match')).toBe(
        'true',
      );
      expect(
        await dialog.locator('[data-testid=fairness-hash-check]').getAttribute('data-match'),
      ).toBe('true');
    };

    // The spin: the stops, the line and the multiplier the page computes are the recorded ones.
    await page.goto(`${env.server.url}/minislot`);
    await page
      .locator(`[data-testid=bet-history] tr[data-bet-id="${spin.id}"]`)
      .locator('button')
      .click();
    const stops = spin.result.stops as number[];
    const line = spin.result.line as string[];
    await poll(() => result.getAttribute('data-outcome')).toBe(
      `${stops.join(', ')} · ${line.join(', ')} · ${spin.multiplier}`,
    );
    expect(await dialog.locator('select[name=game]').inputValue()).toBe('minislot');
    await expectVerified();

    // The Gem Miner game: every level's rocks, recomputed in the page for its difficulty.
    await page.goto(`${env.server.url}/gemMiner`);
    await page
      .locator(`[data-testid=bet-history] tr[data-bet-id="${id}"]`)
      .locator('button')
      .click();
    await poll(() => result.getAttribute('data-outcome')).toBe(
      (game.result.rocks as number[][]).map((rocks) => rocks.join(',')).join(', '),
    );
    expect(await dialog.locator('select[name=game]').inputValue()).toBe('gemMiner');
    expect(await dialog.locator('select[name=difficulty]').inputValue()).toBe('easy');
    await expectVerified();
    // Another difficulty draws other rocks from the same floats: no longer this game's.
    await dialog.locator('select[name=difficulty]').selectOption('expert');
    await poll(() => result.getAttribute('data-outcome')).not.toBe(
      (game.result.rocks as number[][]).map((rocks) => rocks.join(',')).join(', '),
    );
    await close();
  });

  it('recomputes the published test vector in the page (dice 77.18, roulette 28, mines 19 22 7)', async () => {
    const { page, close } = await playerPage(env.browser, env.server.url);
    await page.goto(`${env.server.url}/dice`);
    await page.locator('[data-testid=open-fairness]').click();
    const dialog = page.locator('[data-testid=fairness-dialog]');
    await dialog
      .locator('input[name=server_seed]')
      .fill('18e93f4a7b5b58d2569765766d1b6c3296bbd8430d6f20249044d72f14720159');
    await dialog.locator('input[name=verify_client_seed]').fill('bb62964774');
    await dialog.locator('input[name=nonce]').fill('1');
    const result = dialog.locator('[data-testid=fairness-result]');
    expect(await result.getAttribute('data-outcome')).toBe('77,18');
    await dialog.locator('select[name=game]').selectOption('roulette');
    expect(await result.getAttribute('data-outcome')).toBe('28');
    await dialog.locator('select[name=game]').selectOption('mines');
    await dialog.locator('input[name=mines]').fill('3');
    expect(await result.getAttribute('data-outcome')).toBe('19, 22, 7');
    await close();
  });
});
