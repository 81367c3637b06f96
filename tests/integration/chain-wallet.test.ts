// The real wallet (server/modules/chain/) against a real EVM node (anvil from npm), on PGlite and
// PostgreSQL: deposits from the linked address credited once at the confirmation depth and not
// before, the cent's remainder kept, an unlinked sender recorded, a reorganised deposit never
// credited, a deposit limit holding a deposit; withdrawals under and over the approval threshold,
// rejected and failed ones refunded, Idempotency-Key; and the books audit, the chain's included.
import { sql } from 'drizzle-orm';
import { parseEther } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startAnvil, type Anvil } from '../support/anvil';
import {
  auditProblems,
  balanceOf,
  chainEnv,
  depositOnceShown,
  depositsOf,
  linkedChainWallet,
  withdraw,
  withdrawalOnceShown,
} from '../support/chainWallet';
import { makeAdmin } from '../support/money';
import { appOnDatabase, call, describeEachDatabase, registerUser } from '../support/testApp';
import { rowsOf } from '../../server/db/prepared';
import { totpCode } from '../../server/modules/auth/totp';

/** Lets a few polls (100 ms each) pass, for what must NOT happen to have had its chance. */
const fewPolls = () => new Promise((r) => setTimeout(r, 800));
/** expect.poll's wait for what the server's polls do (Vitest's default is 1 s). */
const POLL = { timeout: 15_000, interval: 100 };

describeEachDatabase('the on-chain wallet against anvil', (kind) => {
  let anvil: Anvil;
  beforeAll(async () => {
    anvil = await startAnvil();
  });
  afterAll(async () => anvil?.stop());
  const suite = appOnDatabase(kind, { env: () => chainEnv(anvil) });
  const url = () => suite.server.url;
  const db = () => suite.server.database.db;
  let adminToken: string;
  beforeAll(async () => {
    const admin = await registerUser(url());
    await makeAdmin(db(), admin.id);
    adminToken = admin.token;
  });

  it('answers the house address, chain id and a QR code instead of play money', async () => {
    const player = await registerUser(url());
    const info = await call<{ demo: boolean; deposit_address: string; chain_id: number }>(
      url(),
      'GET',
      '/api/wallet/info',
      { token: player.token },
    );
    expect(info.body.demo).toBe(false);
    expect(info.body.deposit_address.toLowerCase()).toBe(anvil.house.address.toLowerCase());
    await expect
      .poll(
        async () =>
          (
            await call<{ chain_id: number }>(url(), 'GET', '/api/wallet/info', {
              token: player.token,
            })
          ).body.chain_id,
        POLL,
      )
      .toBe(31337);
    const deposits = await call<{
      qr_svg: string;
      send_from: string | null;
      confirmations_required: number;
    }>(url(), 'GET', '/api/wallet/deposits', { token: player.token });
    expect(deposits.body.qr_svg).toMatch(/^<svg/);
    expect(deposits.body.send_from).toBeNull();
    expect(deposits.body.confirmations_required).toBe(3);
  });

  it('credits 5 POL from the linked address as 5.00 once, at 3 confirmations and not before', async () => {
    const player = await registerUser(url());
    const wallet = await linkedChainWallet(url(), player.token, anvil, `${kind}-deposit`);
    const before = await balanceOf(url(), player.token);
    const hash = await anvil.send(wallet.account, anvil.house.address, '5');
    await anvil.mine(1);
    const pending = await depositOnceShown(url(), player.token, hash, 'pending');
    expect(pending.amount).toBe(5);
    await anvil.mine(1);
    await expect
      .poll(async () => (await depositsOf(url(), player.token))[0]?.confirmations, POLL)
      .toBe(2);
    await fewPolls();
    expect(await balanceOf(url(), player.token)).toBe(before);

    await anvil.mine(1);
    await depositOnceShown(url(), player.token, hash, 'credited');
    expect(await balanceOf(url(), player.token)).toBe(before + 5);
    await anvil.mine(5);
    await fewPolls();
    expect(await balanceOf(url(), player.token)).toBe(before + 5);
    const lines = rowsOf<{ n: string }>(
      await db().execute(sql`SELECT count(*)::text AS n FROM ledger_entries
        WHERE user_id = ${player.id} AND reason = 'deposit'`),
    );
    expect(lines[0]!.n).toBe('1');
  });

  it('floors to the cent and records the remainder', async () => {
    const player = await registerUser(url());
    const wallet = await linkedChainWallet(url(), player.token, anvil, `${kind}-dust`);
    const before = await balanceOf(url(), player.token);
    const hash = await anvil.send(wallet.account, anvil.house.address, '1.234567');
    await anvil.mine(3);
    await depositOnceShown(url(), player.token, hash, 'credited');
    expect(await balanceOf(url(), player.token)).toBe(before + 1.23);
    const [row] = rowsOf<{ cents: string; dust_wei: string; value_wei: string }>(
      await db().execute(sql`SELECT cents::text, dust_wei::text, value_wei::text
        FROM chain_deposits WHERE tx_hash = ${hash.toLowerCase()}`),
    );
    expect(row).toEqual({
      cents: '123',
      dust_wei: (parseEther('1.234567') - 123n * 10n ** 16n).toString(),
      value_wei: parseEther('1.234567').toString(),
    });
  });

  it('records a transfer from an address nobody linked, for the operator, crediting no one', async () => {
    const stranger = privateKeyToAccount(generatePrivateKey());
    await anvil.fund(stranger.address, '10');
    const [{ cents: owedBefore }] = rowsOf<{ cents: string }>(
      await db().execute(sql`SELECT sum(balance_cents)::text AS cents FROM users`),
    ) as [{ cents: string }];
    const hash = await anvil.send(stranger, anvil.house.address, '2');
    await anvil.mine(3);
    await expect
      .poll(async () => {
        const rows = rowsOf<{ status: string }>(
          await db().execute(
            sql`SELECT status FROM chain_deposits WHERE tx_hash = ${hash.toLowerCase()}`,
          ),
        );
        return rows[0]?.status;
      }, POLL)
      .toBe('unlinked');
    const [{ cents: owedAfter }] = rowsOf<{ cents: string }>(
      await db().execute(sql`SELECT sum(balance_cents)::text AS cents FROM users`),
    ) as [{ cents: string }];
    expect(owedAfter).toBe(owedBefore);
    const chain = await call<{ unlinked_deposits: { count: number; amount: number } }>(
      url(),
      'GET',
      '/api/admin/chain',
      { token: adminToken },
    );
    expect(chain.status).toBe(200);
    expect(chain.body.unlinked_deposits.amount).toBeGreaterThanOrEqual(2);
  });

  it('never credits a deposit whose block was reorganised away before it was deep enough', async () => {
    const player = await registerUser(url());
    const wallet = await linkedChainWallet(url(), player.token, anvil, `${kind}-reorg`);
    const before = await balanceOf(url(), player.token);
    const hash = await anvil.send(wallet.account, anvil.house.address, '3');
    await anvil.mine(2);
    await depositOnceShown(url(), player.token, hash, 'pending');
    await anvil.reorg(2); // the two blocks go, the transfer with them
    await anvil.mine(4);
    await expect.poll(async () => (await depositsOf(url(), player.token)).length, POLL).toBe(0);
    await fewPolls();
    expect(await balanceOf(url(), player.token)).toBe(before);
  });

  it('holds a deposit past the player’s deposit limit and credits it once the limit allows', async () => {
    const player = await registerUser(url());
    const wallet = await linkedChainWallet(url(), player.token, anvil, `${kind}-limit`);
    const limit = await call(url(), 'PUT', '/api/settings/limits', {
      token: player.token,
      body: { deposit: { day: 10 } },
    });
    expect(limit.status, JSON.stringify(limit.body)).toBe(200);
    const room = await call<{ deposit_room: number }>(url(), 'GET', '/api/wallet/deposits', {
      token: player.token,
    });
    expect(room.body.deposit_room).toBe(10);
    const before = await balanceOf(url(), player.token);
    const hash = await anvil.send(wallet.account, anvil.house.address, '15');
    await anvil.mine(3);
    await depositOnceShown(url(), player.token, hash, 'held');
    expect(await balanceOf(url(), player.token)).toBe(before);

    // The player removes the limit; the removal applies 24 hours later (moved here to now).
    await call(url(), 'PUT', '/api/settings/limits', {
      token: player.token,
      body: { deposit: { day: null } },
    });
    await db().execute(sql`UPDATE play_limits SET pending_from = now() - interval '1 second'
      WHERE user_id = ${player.id}`);
    await depositOnceShown(url(), player.token, hash, 'credited');
    expect(await balanceOf(url(), player.token)).toBe(before + 15);
  });

  it('pays a withdrawal to the linked address: 1.00 off the balance at once, 1 POL on chain', async () => {
    const player = await registerUser(url());
    const wallet = await linkedChainWallet(url(), player.token, anvil, `${kind}-withdraw`);
    const address = wallet.address as `0x${string}`;
    const before = await balanceOf(url(), player.token);
    const onChainBefore = await anvil.chain.getBalance({ address });
    const key = crypto.randomUUID();
    const asked = await withdraw(url(), player.token, 1, key);
    expect(asked.status, JSON.stringify(asked.body)).toBe(201);
    expect(asked.body.balance).toBe(before - 1);
    expect(asked.body.withdrawal.to_address.toLowerCase()).toBe(wallet.address);
    const again = await withdraw(url(), player.token, 1, key);
    expect(again.status).toBe(201);
    expect(again.body.withdrawal.id).toBe(asked.body.withdrawal.id);
    expect(await balanceOf(url(), player.token)).toBe(before - 1);
    const mismatch = await withdraw(url(), player.token, 2, key);
    expect(mismatch.status).toBe(422);

    const sent = await withdrawalOnceShown(url(), player.token, asked.body.withdrawal.id, 'sent');
    expect(sent.tx_hash).toMatch(/^0x[0-9a-f]{64}$/);
    await anvil.mine(3);
    const done = await withdrawalOnceShown(url(), player.token, sent.id, 'confirmed');
    expect(done.tx_hash).toBe(sent.tx_hash);
    expect(await anvil.chain.getBalance({ address })).toBe(onChainBefore + parseEther('1'));
    expect(await balanceOf(url(), player.token)).toBe(before - 1);
  });

  it('holds a withdrawal over the threshold for an operator: approved is paid, rejected refunded', async () => {
    const player = await registerUser(url());
    const wallet = await linkedChainWallet(url(), player.token, anvil, `${kind}-approve`);
    const address = wallet.address as `0x${string}`;
    const before = await balanceOf(url(), player.token);
    const onChainBefore = await anvil.chain.getBalance({ address });
    const big = await withdraw(url(), player.token, 60);
    expect(big.body.withdrawal.status).toBe('awaiting_approval');
    const other = await withdraw(url(), player.token, 70);
    expect(await balanceOf(url(), player.token)).toBe(before - 130);
    await fewPolls();
    expect(await anvil.chain.getBalance({ address })).toBe(onChainBefore);

    const listed = await call<{ data: { id: number; user_id: number }[] }>(
      url(),
      'GET',
      '/api/admin/withdrawals?status=awaiting_approval',
      { token: adminToken },
    );
    expect(listed.body.data.map((w) => w.id)).toEqual(
      expect.arrayContaining([big.body.withdrawal.id, other.body.withdrawal.id]),
    );
    const playerTries = await call(
      url(),
      'POST',
      `/api/admin/withdrawals/${big.body.withdrawal.id}/approve`,
      {
        token: player.token,
      },
    );
    expect(playerTries.status).toBe(403);
    const approved = await call<{ status: string }>(
      url(),
      'POST',
      `/api/admin/withdrawals/${big.body.withdrawal.id}/approve`,
      { token: adminToken },
    );
    expect(approved.body.status).toBe('queued');
    const twice = await call(
      url(),
      'POST',
      `/api/admin/withdrawals/${big.body.withdrawal.id}/approve`,
      {
        token: adminToken,
      },
    );
    expect(twice.status).toBe(409);
    const rejected = await call<{ status: string; note: string }>(
      url(),
      'POST',
      `/api/admin/withdrawals/${other.body.withdrawal.id}/reject`,
      { token: adminToken, body: { reason: 'needs a source of funds check' } },
    );
    expect(rejected.body).toMatchObject({
      status: 'rejected',
      note: 'needs a source of funds check',
    });
    expect(await balanceOf(url(), player.token)).toBe(before - 60);

    await withdrawalOnceShown(url(), player.token, big.body.withdrawal.id, 'sent');
    await anvil.mine(3);
    await withdrawalOnceShown(url(), player.token, big.body.withdrawal.id, 'confirmed');
    expect(await anvil.chain.getBalance({ address })).toBe(onChainBefore + parseEther('60'));
    const log = await call<{ data: { action: string; target_user_id: number }[] }>(
      url(),
      'GET',
      '/api/admin/actions',
      { token: adminToken },
    );
    const actions = log.body.data
      .filter((a) => a.target_user_id === player.id)
      .map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(['withdrawal_approve', 'withdrawal_reject']));
  });

  it('refunds a withdrawal the receiving address refuses', async () => {
    const player = await registerUser(url());
    const wallet = await linkedChainWallet(url(), player.token, anvil, `${kind}-refuse`);
    // Code at the address that reverts whatever it receives (PUSH0 PUSH0 REVERT).
    await anvil.control.setCode({ address: wallet.address as `0x${string}`, bytecode: '0x5f5ffd' });
    const before = await balanceOf(url(), player.token);
    const asked = await withdraw(url(), player.token, 2);
    expect(asked.status).toBe(201);
    const failed = await withdrawalOnceShown(
      url(),
      player.token,
      asked.body.withdrawal.id,
      'failed',
    );
    expect(failed.note).toBeTruthy();
    expect(await balanceOf(url(), player.token)).toBe(before);
  });

  it('refuses bad withdrawals with a clear error and no change', async () => {
    const player = await registerUser(url());
    const before = await balanceOf(url(), player.token);
    const unlinked = await withdraw(url(), player.token, 5);
    expect(unlinked.status).toBe(409);
    expect(unlinked.body).toMatchObject({ code: 'no_linked_address' });
    await linkedChainWallet(url(), player.token, anvil, `${kind}-bad`);
    for (const amount of [0.5, 1.001, -3, before + 1]) {
      const res = await withdraw(url(), player.token, amount);
      expect(res.status, `${amount}`).toBe(422);
      expect(Object.keys((res.body as unknown as { errors: object }).errors)).toEqual(['amount']);
    }
    const text = await call(url(), 'POST', '/api/wallet/withdrawals', {
      token: player.token,
      body: { amount: 'lots' },
    });
    expect(text.status).toBe(422);
    expect(await balanceOf(url(), player.token)).toBe(before);
  });

  it('asks for the two-factor code of a player who has it on', async () => {
    const player = await registerUser(url());
    await linkedChainWallet(url(), player.token, anvil, `${kind}-2fa`);
    const setup = await call<{ secret: string }>(url(), 'POST', '/api/settings/2fa', {
      token: player.token,
      body: { action: 'enable' },
    });
    // Codes by 30-second step, each used once: confirm with one step, withdraw with the next.
    const step = Math.floor(Date.now() / 30_000);
    const codeAt = (n: number) => totpCode(setup.body.secret, n * 30_000 + 15_000);
    const on = await call(url(), 'POST', '/api/settings/2fa', {
      token: player.token,
      body: { action: 'confirm', code: codeAt(step) },
    });
    expect(on.status).toBe(200);
    const before = await balanceOf(url(), player.token);
    const post = (body: object) =>
      call<{ errors?: Record<string, string[]> }>(url(), 'POST', '/api/wallet/withdrawals', {
        token: player.token,
        body,
      });
    const noCode = await post({ amount: 1 });
    expect(noCode.status).toBe(422);
    expect(Object.keys(noCode.body.errors!)).toEqual(['code']);
    const wrong = await post({
      amount: 1,
      code: String((Number(codeAt(step + 1)) + 1) % 1e6).padStart(6, '0'),
    });
    expect(wrong.status).toBe(422);
    expect(await balanceOf(url(), player.token)).toBe(before);
    const good = await post({ amount: 1, code: codeAt(step + 1) });
    expect(good.status, JSON.stringify(good.body)).toBe(201);
    expect(await balanceOf(url(), player.token)).toBe(before - 1);
  });

  it('keeps the books balanced, the chain included', async () => {
    expect(await auditProblems(url(), adminToken)).toEqual([]);
  });
});
