import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadChainConfig } from '../../../server/modules/chain/config';
import { splitWei } from '../../../server/modules/chain/units';

const KEY = '59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d';

describe('the chain wallet settings', () => {
  it('is play money without CHAIN_RPC_URL and a house key', () => {
    expect(loadChainConfig({})).toBeNull();
  });

  it('reads the settings with their defaults and never shows the key', () => {
    const config = loadChainConfig({
      CHAIN_RPC_URL: 'http://127.0.0.1:8545',
      HOUSE_PRIVATE_KEY: KEY,
    })!;
    expect(config).toMatchObject({
      confirmations: 128,
      pollMs: 4000,
      withdrawalMinCents: 100,
      approvalAboveCents: 100_000,
      startBlock: undefined,
    });
    expect(config.houseKey.reveal()).toBe(`0x${KEY}`);
    expect(JSON.stringify(config)).not.toContain(KEY);
    expect(String(config.houseKey)).not.toContain(KEY);
  });

  it('reads the key from a file', () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'key-')), 'house.key');
    fs.writeFileSync(file, `0x${KEY}\n`);
    const config = loadChainConfig({
      CHAIN_RPC_URL: 'https://rpc.example',
      HOUSE_PRIVATE_KEY_FILE: file,
    });
    expect(config!.houseKey.reveal()).toBe(`0x${KEY}`);
  });

  it.each([
    [{ CHAIN_RPC_URL: 'http://x' }, /HOUSE_PRIVATE_KEY/],
    [{ HOUSE_PRIVATE_KEY: KEY }, /needs CHAIN_RPC_URL/],
    [{ CHAIN_RPC_URL: 'ws://x', HOUSE_PRIVATE_KEY: KEY }, /http\(s\)/],
    [{ CHAIN_RPC_URL: 'http://x', HOUSE_PRIVATE_KEY: `${KEY}00` }, /64 hex digits/],
    [
      { CHAIN_RPC_URL: 'http://x', HOUSE_PRIVATE_KEY: KEY, CHAIN_CONFIRMATIONS: '0' },
      /CHAIN_CONFIRMATIONS/,
    ],
    [{ CHAIN_RPC_URL: 'http://x', HOUSE_PRIVATE_KEY: KEY, WITHDRAWAL_MIN: '0' }, /WITHDRAWAL_MIN/],
    [
      { CHAIN_RPC_URL: 'http://x', HOUSE_PRIVATE_KEY: KEY, HOUSE_PRIVATE_KEY_FILE: '/k' },
      /not both/,
    ],
  ])('refuses %j', (env, message) => {
    expect(() => loadChainConfig(env)).toThrow(message);
  });

  it('never puts a bad key in its message', () => {
    const bad = `${KEY.slice(0, 63)}g`;
    expect(() => loadChainConfig({ CHAIN_RPC_URL: 'http://x', HOUSE_PRIVATE_KEY: bad })).toThrow(
      expect.objectContaining({ message: expect.not.stringContaining(bad) }),
    );
  });

  it('floors wei to cents and keeps the rest', () => {
    expect(splitWei(10n ** 18n)).toEqual({ cents: 100, dustWei: 0n });
    expect(splitWei(10n ** 16n - 1n)).toEqual({ cents: 0, dustWei: 10n ** 16n - 1n });
    expect(splitWei(1_234_567n * 10n ** 12n)).toEqual({ cents: 123, dustWei: 4_567n * 10n ** 12n });
  });
});
