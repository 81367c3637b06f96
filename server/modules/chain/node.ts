import {
  createPublicClient,
  defineChain,
  http,
  keccak256,
  type Hex,
  type PublicClient,
} from 'viem';
import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import type { ChainConfig } from './config';

/**
 * The EVM node as the wallet uses it (viem over JSON-RPC): reads, and transactions signed here
 * with the house key and sent raw, so that a transaction's hash is known (and stored) before the
 * node ever sees it.
 */
export interface ChainNode {
  chainId: number;
  /** The house wallet's address, lower case. */
  house: Hex;
  client: PublicClient;
  /** Signs a transfer of `value` wei to `to` with the given nonce and fees; answers raw and hash. */
  signTransfer: (transfer: SignedTransferInput) => Promise<{ raw: Hex; hash: Hex }>;
}

export interface SignedTransferInput {
  to: Hex;
  value: bigint;
  nonce: number;
  gas: bigint;
  maxFeePerGas: bigint;
  maxPriorityFeePerGas: bigint;
}

/** How long one JSON-RPC call may take before the poll gives up on it (and tries next time). */
const RPC_TIMEOUT_MS = 10_000;

export async function connectChain(config: ChainConfig): Promise<ChainNode> {
  const transport = http(config.rpcUrl, { timeout: RPC_TIMEOUT_MS, retryCount: 1 });
  const probe = createPublicClient({ transport });
  const chainId = await probe.getChainId();
  if (config.expectedChainId !== undefined && chainId !== config.expectedChainId) {
    throw new Error(
      `CHAIN_ID is ${config.expectedChainId} but the node at CHAIN_RPC_URL is on chain ${chainId}`,
    );
  }
  const chain = defineChain({
    id: chainId,
    name: `chain ${chainId}`,
    nativeCurrency: { name: 'POL', symbol: 'POL', decimals: 18 },
    rpcUrls: { default: { http: [config.rpcUrl] } },
  });
  const account: PrivateKeyAccount = privateKeyToAccount(config.houseKey.reveal());
  return {
    chainId,
    house: account.address.toLowerCase() as Hex,
    // No cached block number (viem keeps one for 4 s by default): each poll reads the head.
    client: createPublicClient({ chain, transport, cacheTime: 0 }) as PublicClient,
    signTransfer: async (transfer) => {
      const raw = await account.signTransaction({
        type: 'eip1559',
        chainId,
        to: transfer.to,
        value: transfer.value,
        nonce: transfer.nonce,
        gas: transfer.gas,
        maxFeePerGas: transfer.maxFeePerGas,
        maxPriorityFeePerGas: transfer.maxPriorityFeePerGas,
      });
      return { raw, hash: keccak256(raw) };
    },
  };
}
