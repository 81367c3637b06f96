import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import {
  createPublicClient,
  createTestClient,
  createWalletClient,
  defineChain,
  http,
  parseEther,
  type Hex,
} from 'viem';
import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { freePort, repoRoot } from './server';

/**
 * Anvil's first development key (from its public test mnemonic): the house wallet in the tests.
 * Never a key that holds anything of value.
 */
export const HOUSE_KEY: Hex = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';

const ANVIL_BIN = path.join(repoRoot, 'node_modules', '.bin', 'anvil');
export const ANVIL_CHAIN_ID = 31337;

/** A real EVM node (anvil from npm) on a free port, mining only when a test says so. */
export interface Anvil {
  url: string;
  house: PrivateKeyAccount;
  /** Reads (balances, receipts, blocks). */
  chain: ReturnType<typeof createPublicClient>;
  /** anvil's own methods: mine, set a balance, set code, drop a transaction. */
  control: ReturnType<typeof createTestClient>;
  /** Sends `pol` from `from` to `to` (signed locally) and answers the transaction hash. */
  send: (from: PrivateKeyAccount, to: Hex, pol: string) => Promise<Hex>;
  /** Mines `blocks` empty-or-pending blocks. */
  mine: (blocks?: number) => Promise<void>;
  /** Replaces the last `depth` blocks with empty ones (a reorganisation; their transactions go). */
  reorg: (depth: number) => Promise<void>;
  /** Gives an address `pol` of the native coin. */
  fund: (address: Hex, pol: string) => Promise<void>;
  stop: () => Promise<void>;
}

export async function startAnvil(): Promise<Anvil> {
  const port = await freePort();
  const child: ChildProcess = spawn(
    ANVIL_BIN,
    ['--port', String(port), '--host', '127.0.0.1', '--no-mining', '--silent'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const url = `http://127.0.0.1:${port}`;
  const chainDef = defineChain({
    id: ANVIL_CHAIN_ID,
    name: 'anvil',
    nativeCurrency: { name: 'POL', symbol: 'POL', decimals: 18 },
    rpcUrls: { default: { http: [url] } },
  });
  const transport = http(url, { retryCount: 0 });
  const chain = createPublicClient({ chain: chainDef, transport });
  const control = createTestClient({ mode: 'anvil', chain: chainDef, transport });
  const wallet = createWalletClient({ chain: chainDef, transport });

  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`anvil exited early:\n${output}`);
    try {
      await chain.getBlockNumber();
      break;
    } catch {
      if (Date.now() > deadline) {
        child.kill('SIGKILL');
        throw new Error(`anvil did not answer within 20 s:\n${output}`);
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  return {
    url,
    house: privateKeyToAccount(HOUSE_KEY),
    chain,
    control,
    send: (from, to, pol) =>
      wallet.sendTransaction({ account: from, chain: chainDef, to, value: parseEther(pol) }),
    mine: (blocks = 1) => control.mine({ blocks }),
    reorg: async (depth) => {
      await control.request({
        method: 'anvil_reorg',
        params: [depth, []],
      } as never);
    },
    fund: (address, pol) => control.setBalance({ address, value: parseEther(pol) }),
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
