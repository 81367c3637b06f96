import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { ethAccounts } from '../../server/modules/eth-account/schema';
import { checksumAddress } from '../../server/modules/eth-account/signature';
import { testWallet } from '../support/ethWallet';
import type { ValidationInfo, WalletInfo } from '../../src/api/wallet';
import { appOnDatabase, call, describeEachDatabase, registerUser } from '../support/testApp';

type Errors = { message: string; errors: Record<string, string[]> };
type Player = Awaited<ReturnType<typeof registerUser>>;

describeEachDatabase('linking an Ethereum account (EIP-191 personal_sign)', (kind) => {
  const suite = appOnDatabase(kind);
  const get = <T>(path: string, token?: string) =>
    call<T>(suite.server.url, 'GET', path, token ? { token } : {});
  const post = <T = Errors>(token: string | undefined, body: unknown) =>
    call<T>(suite.server.url, 'POST', '/api/eth_account', token ? { token, body } : { body });
  const info = async (p: Player) =>
    (await get<ValidationInfo>('/api/eth_account/validation_info', p.token)).body;
  const linkedIn = async (p: Player) =>
    (await get<WalletInfo>('/api/wallet/info', p.token)).body.eth_account;
  const storedFor = (p: Player) =>
    suite.server.database.db.select().from(ethAccounts).where(eq(ethAccounts.userId, p.id));

  it('links the signer of the server message, shows it in wallet info and rotates the nonce', async () => {
    const player = await registerUser(suite.server.url);
    const wallet = testWallet(`${kind}-link`);
    expect(await linkedIn(player)).toBeNull();
    const before = await info(player);
    expect(before.message).toContain(before.nonce);
    expect(await info(player)).toEqual(before); // stable until used

    const signature = wallet.personalSign(before.message);
    const linked = await post<{ address: string; linked_at: string }>(player.token, {
      address: checksumAddress(wallet.address),
      signature,
    });
    expect(linked.status, JSON.stringify(linked.body)).toBe(201);
    expect(linked.body.address).toBe(checksumAddress(wallet.address));
    expect(Number.isNaN(Date.parse(linked.body.linked_at))).toBe(false);
    expect(await linkedIn(player)).toEqual(linked.body);
    const [row] = await storedFor(player);
    expect(row!.address).toBe(wallet.address);

    const after = await info(player);
    expect(after.nonce).not.toBe(before.nonce);
    expect(after.message).not.toBe(before.message);

    // The same signature again: the nonce it signed is gone.
    const replay = await post(player.token, { address: wallet.address, signature });
    expect(replay.status).toBe(422);
    expect(Object.keys(replay.body.errors)).toEqual(['signature']);
  });

  it('accepts the address in lower case and upper case hex, refuses a broken EIP-55 checksum', async () => {
    const player = await registerUser(suite.server.url);
    const wallet = testWallet(`${kind}-case`);
    const upper = `0x${wallet.address.slice(2).toUpperCase()}`;
    const ok = await post(player.token, {
      address: upper,
      signature: wallet.personalSign((await info(player)).message),
    });
    expect(ok.status).toBe(201);

    const other = await registerUser(suite.server.url);
    const second = testWallet(`${kind}-case-2`);
    const checksummed = checksumAddress(second.address);
    // Flip the case of one letter: a typo EIP-55 exists to catch.
    const index = [...checksummed].findIndex((c, i) => i > 1 && /[a-fA-F]/.test(c));
    const c = checksummed[index]!;
    const broken =
      checksummed.slice(0, index) +
      (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase()) +
      checksummed.slice(index + 1);
    const bad = await post(other.token, {
      address: broken,
      signature: second.personalSign((await info(other)).message),
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors)).toEqual(['address']);
    expect(await storedFor(other)).toEqual([]);
  });

  it('refuses a signature by another key, of another message, or malformed, storing nothing', async () => {
    const player = await registerUser(suite.server.url);
    const wallet = testWallet(`${kind}-victim`);
    const thief = testWallet(`${kind}-thief`);
    const { message, nonce } = await info(player);
    const cases: [unknown, string[]][] = [
      [{ address: wallet.address, signature: thief.personalSign(message) }, ['signature']],
      [{ address: wallet.address, signature: wallet.personalSign(`${message} `) }, ['signature']],
      [
        { address: wallet.address, signature: wallet.personalSign('Nonce: ' + nonce) },
        ['signature'],
      ],
      [{ address: wallet.address, signature: '0x1234' }, ['signature']],
      [{ address: wallet.address, signature: `0x${'zz'.repeat(65)}` }, ['signature']],
      [
        { address: wallet.address, signature: `${wallet.personalSign(message).slice(0, -2)}1d` },
        ['signature'],
      ],
      [{ address: 'not an address', signature: wallet.personalSign(message) }, ['address']],
      [
        { address: wallet.address.slice(0, 41), signature: wallet.personalSign(message) },
        ['address'],
      ],
      [{ address: '0x', signature: 'nope' }, ['address', 'signature']],
      [{ address: wallet.address }, ['signature']],
      [{ address: 42, signature: wallet.personalSign(message) }, ['address']],
      [{ address: wallet.address, signature: 'a'.repeat(10_000) }, ['signature']],
    ];
    for (const [body, fields] of cases) {
      const res = await post(player.token, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(Object.keys(res.body.errors).sort(), JSON.stringify(body)).toEqual(fields);
      expect(typeof res.body.message).toBe('string');
    }
    expect(await storedFor(player)).toEqual([]);
    expect(await linkedIn(player)).toBeNull();
    // Failures leave the nonce alone: the right signature still links.
    expect((await info(player)).nonce).toBe(nonce);
    const ok = await post(player.token, {
      address: wallet.address,
      signature: wallet.personalSign(message),
    });
    expect(ok.status).toBe(201);
  });

  it('refuses an address that another player linked, and frees it on unlink', async () => {
    const first = await registerUser(suite.server.url);
    const second = await registerUser(suite.server.url);
    const wallet = testWallet(`${kind}-shared`);
    const linked = await post(first.token, {
      address: wallet.address,
      signature: wallet.personalSign((await info(first)).message),
    });
    expect(linked.status).toBe(201);

    const secondMessage = (await info(second)).message;
    const taken = await post(second.token, {
      address: wallet.address,
      signature: wallet.personalSign(secondMessage),
    });
    expect(taken.status).toBe(422);
    expect(Object.keys(taken.body.errors)).toEqual(['address']);
    expect(await storedFor(second)).toEqual([]);

    const unlinked = await call(suite.server.url, 'DELETE', '/api/eth_account', {
      token: first.token,
    });
    expect(unlinked.status).toBe(204);
    expect(await linkedIn(first)).toBeNull();
    const now = await post(second.token, {
      address: wallet.address,
      signature: wallet.personalSign(secondMessage),
    });
    expect(now.status).toBe(201);
    expect((await linkedIn(second))?.address).toBe(checksumAddress(wallet.address));
  });

  it('links once when the same signature arrives twice at once', async () => {
    const player = await registerUser(suite.server.url);
    const wallet = testWallet(`${kind}-race`);
    const body = {
      address: wallet.address,
      signature: wallet.personalSign((await info(player)).message),
    };
    const answers = await Promise.all([post(player.token, body), post(player.token, body)]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 422]);
    expect(await storedFor(player)).toHaveLength(1);
  });

  it('needs a token, and documents the calls', async () => {
    expect((await post(undefined, { address: '0x', signature: '0x' })).status).toBe(401);
    expect((await call(suite.server.url, 'DELETE', '/api/eth_account')).status).toBe(401);
    const doc = await get<{
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    }>('/api/docs/json');
    expect(doc.body.paths['/api/eth_account']?.post?.responses['201']).toBeDefined();
    expect(doc.body.paths['/api/eth_account']?.post?.responses['422']).toBeDefined();
    expect(doc.body.paths['/api/eth_account']?.delete?.responses['204']).toBeDefined();
  });
});
