import type { FastifyBaseLogger } from 'fastify';
import { privateKeyToAddress } from 'viem/accounts';
import type { Db } from '../../db/database';
import type { ChainConfig } from './config';
import { DepositScan } from './depositScan';
import { holdLease, releaseLease } from './lease';
import { connectChain, type ChainNode } from './node';
import { WithdrawalSender } from './sender';

/** A lease outlives a few missed polls, and a killed holder is replaced within seconds. */
const leaseMs = (pollMs: number) => Math.max(pollMs * 5, 3_000);

/**
 * The real wallet in one server process: the link to the node (made in the background and
 * retried, so a node that is down delays deposits and payouts but never the server's start), and
 * the two jobs every poll runs where this process holds their lease: the deposit scan and the
 * withdrawal sender.
 */
export class ChainWallet {
  /** The house address, lower case (known from the key without the node). */
  readonly house: `0x${string}`;
  private node: ChainNode | null = null;
  private timer: NodeJS.Timeout | null = null;
  private polling: Promise<void> = Promise.resolve();
  private busy = false;
  private stopped = false;
  private jobs: { scan: DepositScan; sender: WithdrawalSender } | null = null;

  constructor(
    private readonly db: Db,
    readonly config: ChainConfig,
    private readonly log: FastifyBaseLogger,
  ) {
    this.house = privateKeyToAddress(config.houseKey.reveal()).toLowerCase() as `0x${string}`;
  }

  /** The node's chain id once connected (or CHAIN_ID, which it must match), else null. */
  get chainId(): number | null {
    return this.node?.chainId ?? this.config.expectedChainId ?? null;
  }

  /** The node, or null while it has not answered yet. */
  get connected(): ChainNode | null {
    return this.node;
  }

  start(): void {
    this.timer = setInterval(() => this.pollOnce(), this.config.pollMs);
    this.timer.unref();
    this.pollOnce();
  }

  /** Starts a poll unless one is under way (a slow node must not pile polls up behind it). */
  private pollOnce(): void {
    if (this.busy) return;
    this.busy = true;
    this.polling = this.poll().finally(() => (this.busy = false));
  }

  private async poll(): Promise<void> {
    if (this.stopped) return;
    try {
      if (!this.node) {
        this.node = await connectChain(this.config);
        this.jobs = {
          scan: new DepositScan(this.db, this.node, this.config, this.log),
          sender: new WithdrawalSender(this.db, this.node, this.config, this.log),
        };
        this.log.info({ chainId: this.node.chainId, house: this.house }, 'chain: connected');
      }
      const ms = leaseMs(this.config.pollMs);
      if (await holdLease(this.db, 'deposits', ms)) await this.jobs!.scan.poll();
      if (this.stopped) return;
      if (await holdLease(this.db, 'withdrawals', ms)) await this.jobs!.sender.poll();
    } catch (error) {
      this.log.warn({ err: error }, 'chain: poll failed (the next poll tries again)');
    }
  }

  /** Stops polling, waits for a poll under way, and hands the leases on. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.polling;
    await Promise.all([releaseLease(this.db, 'deposits'), releaseLease(this.db, 'withdrawals')]);
  }
}
