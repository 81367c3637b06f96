// The real wallet across server processes (server/modules/chain/), against anvil: a server
// killed with SIGKILL after it saw a deposit, and after it signed a withdrawal whose transaction
// the node then lost, credits and pays exactly once after a restart (PGlite and PostgreSQL); and
// two instances on one PostgreSQL database, scanning and sending at once, credit every transfer
// once and pay every withdrawal once.
import { parseEther, type Hex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/database';
import { auditBooks } from '../../server/modules/admin/books';
import { loadChainConfig } from '../../server/modules/chain/config';
import { connectChain } from '../../server/modules/chain/node';
import { reconcileChain } from '../../server/modules/chain/reconcile';
import { HOUSE_KEY, startAnvil, type Anvil } from '../support/anvil';
import {
  auditProblems,
  balanceOf,
  chainEnv,
  depositOnceShown,
  linkedChainWallet,
  withdraw,
  withdrawalOnceShown,
} from '../support/chainWallet';
import { twoInstances } from '../support/instances';
import { startServer, type RunningServer } from '../support/server';
import {
  call,
  createTestDatabase,
  DB_KINDS,
  describeEachDatabase,
  registerUser,
  type TestDatabase,
} from '../support/testApp';

const ADMIN = { ADMIN_EMAIL: 'chain-admin@example.test', ADMIN_PASSWORD: 'chain-admin-pass-1' };

async function adminToken(url: string): Promise<string> {
  const login = await call<{ token: string }>(url, 'POST', '/api/login', {
    body: { email: ADMIN.ADMIN_EMAIL, password: ADMIN.ADMIN_PASSWORD },
  });
  expect(login.status).toBe(200);
  return login.body.token;
}

// One node for the file: the suites use their own players and addresses.
let anvil: Anvil;
beforeAll(async () => {
  anvil = await startAnvil();
});
afterAll(async () => anvil?.stop());

describeEachDatabase('the chain wallet through a kill -9', (kind) => {
  let testDb: TestDatabase | undefined;
  let server: RunningServer | undefined;
  afterAll(async () => {
    await server?.stop();
    await testDb?.dispose();
  });
  const start = async () => {
    const env = {
      ...chainEnv(anvil),
      ...ADMIN,
      ...(testDb!.databaseUrl ? { DATABASE_URL: testDb!.databaseUrl } : {}),
    };
    server = await startServer({ dataDir: testDb!.dataDir, keepData: true, env });
    return server.url;
  };
  const kill = async () => {
    const exited = new Promise((r) => server!.process.once('exit', r));
    server!.process.kill('SIGKILL');
    await exited;
  };

  it('credits a deposit seen before the kill once, and pays a signed withdrawal once', async () => {
    testDb = await createTestDatabase(kind);
    let url = await start();
    const player = await registerUser(url);
    const wallet = await linkedChainWallet(url, player.token, anvil, `${kind}-kill`);
    const address = wallet.address as Hex;
    const before = await balanceOf(url, player.token);

    const hash = await anvil.send(wallet.account, anvil.house.address, '5');
    await anvil.mine(1);
    await depositOnceShown(url, player.token, hash, 'pending');
    await kill();
    await anvil.mine(3);
    url = await start();
    await depositOnceShown(url, player.token, hash, 'credited');
    expect(await balanceOf(url, player.token)).toBe(before + 5);

    const onChainBefore = await anvil.chain.getBalance({ address });
    const asked = await withdraw(url, player.token, 1);
    expect(asked.status).toBe(201);
    const sent = await withdrawalOnceShown(url, player.token, asked.body.withdrawal.id, 'sent');
    await kill();
    // The node loses the transaction while no server runs: the restarted one sends it again.
    await anvil.control.dropTransaction({ hash: sent.tx_hash as Hex });
    await anvil.mine(3);
    expect(await anvil.chain.getBalance({ address })).toBe(onChainBefore);
    url = await start();
    // The same signed transaction, sent again (its hash was stored before it was first sent).
    await expect
      .poll(
        () =>
          anvil.chain.getTransaction({ hash: sent.tx_hash as Hex }).then(
            () => true,
            () => false,
          ),
        { timeout: 15_000, interval: 100 },
      )
      .toBe(true);
    await anvil.mine(3);
    const done = await withdrawalOnceShown(url, player.token, sent.id, 'confirmed');
    expect(done.tx_hash).toBe(sent.tx_hash);
    expect(await anvil.chain.getBalance({ address })).toBe(onChainBefore + parseEther('1'));
    await anvil.mine(3);
    await new Promise((r) => setTimeout(r, 800));
    expect(await anvil.chain.getBalance({ address })).toBe(onChainBefore + parseEther('1'));
    expect(await balanceOf(url, player.token)).toBe(before + 5 - 1);
    expect(await auditProblems(url, await adminToken(url))).toEqual([]);
    expect(server!.output()).not.toContain(HOUSE_KEY.slice(2)); // the key is never logged
  });
});

describe.runIf(DB_KINDS.includes('postgres'))('two instances on one chain wallet', () => {
  const instances = twoInstances(() => chainEnv(anvil));

  it('credits every transfer once and pays every withdrawal once, both scanning and sending', async () => {
    const [a, b] = instances.servers;
    const players = await Promise.all(
      [0, 1, 2].map(async (i) => {
        const player = await registerUser(i % 2 ? b.url : a.url);
        const wallet = await linkedChainWallet(a.url, player.token, anvil, `instances-${i}`);
        return { ...player, wallet, before: await balanceOf(a.url, player.token) };
      }),
    );
    const hashes: Hex[] = [];
    for (const { wallet } of players) {
      for (const pol of ['1', '2', '3']) {
        hashes.push(await anvil.send(wallet.account, anvil.house.address, pol));
      }
    }
    await anvil.mine(4);
    for (const [i, player] of players.entries()) {
      await expect
        .poll(async () => balanceOf(i % 2 ? a.url : b.url, player.token), {
          timeout: 15_000,
          interval: 100,
        })
        .toBe(player.before + 6);
    }
    const onChain = await Promise.all(
      players.map((p) => anvil.chain.getBalance({ address: p.wallet.address as Hex })),
    );
    const asked = await Promise.all(
      players.flatMap((player, i) =>
        [a, b].map((server) => withdraw(server.url, player.token, 1 + i)),
      ),
    );
    expect(asked.map((r) => r.status)).toEqual(asked.map(() => 201));
    await expect
      .poll(
        async () => {
          await anvil.mine(1);
          return Promise.all(
            players.map((p) => anvil.chain.getBalance({ address: p.wallet.address as Hex })),
          );
        },
        { timeout: 20_000, interval: 200 },
      )
      .toEqual(onChain.map((wei, i) => wei + parseEther(String(2 * (1 + i)))));
    await anvil.mine(3);
    for (const player of players) {
      await expect
        .poll(
          async () =>
            (
              await call<{ data: { status: string }[] }>(a.url, 'GET', '/api/wallet/withdrawals', {
                token: player.token,
              })
            ).body.data.map((w) => w.status),
          { timeout: 15_000, interval: 100 },
        )
        .toEqual(['confirmed', 'confirmed']);
    }
    // The books audit and the chain's reconciliation, as `npm run audit` runs them.
    const database = await openDatabase({
      databaseUrl: instances.testDb.databaseUrl,
      dataDir: instances.testDb.dataDir,
    });
    try {
      const report = await auditBooks(database.db);
      const node = await connectChain(loadChainConfig(chainEnv(anvil))!);
      expect([...report.problems, ...(await reconcileChain(database.db, node))]).toEqual([]);
    } finally {
      await database.close();
    }
  });
});
