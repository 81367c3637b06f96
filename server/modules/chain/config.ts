import fs from 'node:fs';
import { parseAmountToCents } from '../../config';

/** 0x and 64 hex digits: a secp256k1 private key as wallets export it. */
type HexKey = `0x${string}`;

/**
 * The house wallet's key, kept out of logs and JSON: `reveal()` is the only way to read it, and
 * anything that prints the config prints `[redacted]`.
 */
export class HouseKey {
  readonly #key: HexKey;

  constructor(key: HexKey) {
    this.#key = key;
  }

  reveal(): HexKey {
    return this.#key;
  }

  toJSON(): string {
    return '[redacted]';
  }

  toString(): string {
    return '[redacted]';
  }
}

/** The real wallet's settings (null in ServerConfig: play money, no chain). */
export interface ChainConfig {
  /** CHAIN_RPC_URL: an EVM JSON-RPC endpoint over http(s). */
  rpcUrl: string;
  houseKey: HouseKey;
  /** CHAIN_ID: when set, the server refuses to start on a node of another chain. */
  expectedChainId: number | undefined;
  /** CHAIN_CONFIRMATIONS: how many blocks (the transaction's own included) make it final. */
  confirmations: number;
  /** CHAIN_POLL_MS: how often each instance looks at the chain. */
  pollMs: number;
  /** CHAIN_START_BLOCK: where the deposit scan starts on its first run (default: the head then). */
  startBlock: number | undefined;
  /** WITHDRAWAL_MIN, in cents. */
  withdrawalMinCents: number;
  /** WITHDRAWAL_APPROVAL_ABOVE, in cents: larger withdrawals wait for an operator. */
  approvalAboveCents: number;
}

/**
 * Polygon PoS: blocks every ~2 s; 128 blocks (about 4-5 minutes) is far past the depth any
 * reorganisation has reached there since checkpoints and milestones, and what exchanges wait for.
 */
export const DEFAULT_CONFIRMATIONS = 128;

function wholeNumber(name: string, value: string | undefined, min: number, max: number) {
  if (value === undefined || value.trim() === '') return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max) {
    throw new Error(`${name} must be a whole number from ${min} to ${max}, got '${value}'`);
  }
  return n;
}

function houseKey(env: NodeJS.ProcessEnv): HouseKey | undefined {
  const inline = env.HOUSE_PRIVATE_KEY?.trim();
  const file = env.HOUSE_PRIVATE_KEY_FILE?.trim();
  if (inline && file) throw new Error('set HOUSE_PRIVATE_KEY or HOUSE_PRIVATE_KEY_FILE, not both');
  let text = inline;
  if (file) {
    try {
      text = fs.readFileSync(file, 'utf8').trim();
    } catch {
      throw new Error(`HOUSE_PRIVATE_KEY_FILE: cannot read ${file}`);
    }
  }
  if (!text) return undefined;
  const key = text.startsWith('0x') ? text : `0x${text}`;
  // The message never repeats the value: it may be a real key with a typo.
  if (!/^0x[0-9a-fA-F]{64}$/.test(key)) {
    throw new Error('the house key must be 64 hex digits (with or without 0x)');
  }
  return new HouseKey(key as HexKey);
}

/** The chain settings, or null when neither CHAIN_RPC_URL nor a house key is set. */
export function loadChainConfig(env: NodeJS.ProcessEnv): ChainConfig | null {
  const rpcUrl = env.CHAIN_RPC_URL?.trim() ?? '';
  const key = houseKey(env);
  if (!rpcUrl && !key) return null;
  if (!rpcUrl) throw new Error('a house key needs CHAIN_RPC_URL (the chain it is used on)');
  if (!key) {
    throw new Error('CHAIN_RPC_URL needs HOUSE_PRIVATE_KEY or HOUSE_PRIVATE_KEY_FILE');
  }
  let url: URL;
  try {
    url = new URL(rpcUrl);
  } catch {
    throw new Error(`CHAIN_RPC_URL must be an http(s) URL, got '${rpcUrl}'`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`CHAIN_RPC_URL must be an http(s) URL, got '${rpcUrl}'`);
  }
  const withdrawalMinCents = parseAmountToCents('WITHDRAWAL_MIN', env.WITHDRAWAL_MIN || '1.00');
  if (withdrawalMinCents < 1) throw new Error('WITHDRAWAL_MIN must be at least 0.01');
  return {
    rpcUrl,
    houseKey: key,
    expectedChainId: wholeNumber('CHAIN_ID', env.CHAIN_ID, 1, 2 ** 31 - 1),
    confirmations:
      wholeNumber('CHAIN_CONFIRMATIONS', env.CHAIN_CONFIRMATIONS, 1, 10_000) ??
      DEFAULT_CONFIRMATIONS,
    pollMs: wholeNumber('CHAIN_POLL_MS', env.CHAIN_POLL_MS, 100, 600_000) ?? 4_000,
    startBlock: wholeNumber('CHAIN_START_BLOCK', env.CHAIN_START_BLOCK, 0, Number.MAX_SAFE_INTEGER),
    withdrawalMinCents,
    approvalAboveCents: parseAmountToCents(
      'WITHDRAWAL_APPROVAL_ABOVE',
      env.WITHDRAWAL_APPROVAL_ABOVE || '1000.00',
    ),
  };
}
