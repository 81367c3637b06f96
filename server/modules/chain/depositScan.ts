import { sql } from 'drizzle-orm';
import type { Block, Hex } from 'viem';
import { rowsOf } from '../../db/prepared';
import { finaliseBlocks, notePending, releaseHeld, type Transfer } from './deposits';
import { ChainJob } from './job';

/** Confirmed blocks credited per poll at most (a scan far behind catches up over several). */
const BLOCKS_PER_POLL = 50;
/** Blocks fetched from the node at once. */
const FETCH_CONCURRENCY = 8;

interface ScanRow {
  nextBlock: number;
  lastHash: string | null;
  halted: string | null;
}

type FullBlock = Block<bigint, true>;

/**
 * Finds deposits: every transfer of the native coin to the house address. Blocks at least
 * CHAIN_CONFIRMATIONS deep are final and credited (finaliseBlocks); shallower ones only show as
 * pending. Runs in the instance holding the `deposits` lease; `tail` remembers, for this process,
 * the hashes of the shallow blocks it has read, so that a poll reads only new blocks and a
 * reorganisation (a remembered hash that changed) makes it read the shallow blocks again.
 */
export class DepositScan extends ChainJob {
  private readonly tail = new Map<number, string>();

  async poll(): Promise<void> {
    const head = Number(await this.node.client.getBlockNumber());
    const scan = await this.scanRow(head);
    if (scan.halted) {
      this.log.error({ halted: scan.halted }, 'chain: the deposit scan is halted');
      return;
    }
    const confirmedTip = head - this.config.confirmations + 1;
    let next = scan.nextBlock;
    if (next <= confirmedTip) {
      const to = Math.min(confirmedTip, next + BLOCKS_PER_POLL - 1);
      const blocks = await this.blocks(next, to);
      const broken = this.firstBreak(scan.lastHash, blocks);
      if (broken !== null) {
        await this.halt(`block ${broken}'s parent is not the block credited before it`);
        return;
      }
      const done = await finaliseBlocks(
        this.db,
        { chainId: this.node.chainId, from: next, to, toHash: blocks.at(-1)!.hash!, head },
        await this.transfersIn(blocks),
      );
      if (done) next = to + 1;
    }
    await this.notePendingFrom(Math.max(next, confirmedTip + 1), head);
    await this.db.execute(sql`UPDATE chain_scan SET head_block = GREATEST(head_block, ${head})
      WHERE chain_id = ${this.node.chainId}`);
    await releaseHeld(this.db, this.node.chainId);
  }

  /** The scan's row, made on the first poll at CHAIN_START_BLOCK or the head. */
  private async scanRow(head: number): Promise<ScanRow> {
    const start = this.config.startBlock ?? head;
    await this.db.execute(sql`INSERT INTO chain_scan (chain_id, next_block, head_block)
      VALUES (${this.node.chainId}, ${start}, ${head}) ON CONFLICT (chain_id) DO NOTHING`);
    const [row] = rowsOf<{
      next_block: string | number;
      last_hash: string | null;
      halted: string | null;
    }>(
      await this.db.execute(sql`SELECT next_block, last_hash, halted FROM chain_scan
        WHERE chain_id = ${this.node.chainId}`),
    );
    return { nextBlock: Number(row!.next_block), lastHash: row!.last_hash, halted: row!.halted };
  }

  private async halt(reason: string): Promise<void> {
    this.log.error(
      { reason },
      'chain: reorganisation deeper than CHAIN_CONFIRMATIONS; scan halted',
    );
    await this.db.execute(sql`UPDATE chain_scan SET halted = ${reason}, updated_at = now()
      WHERE chain_id = ${this.node.chainId}`);
  }

  /** The first block whose parent is not the one before it (or the scan's last), or null. */
  private firstBreak(lastHash: string | null, blocks: FullBlock[]): number | null {
    let parent = lastHash;
    for (const block of blocks) {
      if (parent !== null && block.parentHash !== parent) return Number(block.number);
      parent = block.hash;
    }
    return null;
  }

  private async blocks(from: number, to: number): Promise<FullBlock[]> {
    const numbers = Array.from({ length: to - from + 1 }, (_, i) => from + i);
    const blocks: FullBlock[] = [];
    for (let i = 0; i < numbers.length; i += FETCH_CONCURRENCY) {
      blocks.push(
        ...(await Promise.all(
          numbers
            .slice(i, i + FETCH_CONCURRENCY)
            .map((n) =>
              this.node.client.getBlock({ blockNumber: BigInt(n), includeTransactions: true }),
            ),
        )),
      );
    }
    return blocks;
  }

  /** Transfers to the house address that succeeded (a reverted one moved nothing). */
  private async transfersIn(blocks: FullBlock[]): Promise<Transfer[]> {
    const house = this.node.house;
    const candidates = blocks.flatMap((block) =>
      block.transactions
        .filter(
          (t) => t.to?.toLowerCase() === house && t.value > 0n && t.from.toLowerCase() !== house,
        )
        .map((t) => ({ t, block })),
    );
    const receipts = await Promise.all(
      candidates.map(({ t }) => this.node.client.getTransactionReceipt({ hash: t.hash })),
    );
    return candidates
      .filter((_, i) => receipts[i]!.status === 'success')
      .map(({ t, block }) => ({
        txHash: t.hash.toLowerCase(),
        blockNumber: Number(block.number),
        blockHash: block.hash!.toLowerCase(),
        from: t.from.toLowerCase(),
        value: t.value,
      }));
  }

  /** Reads the shallow blocks [from, head] it has not read yet, or all again after a reorg. */
  private async notePendingFrom(from: number, head: number): Promise<void> {
    for (const n of [...this.tail.keys()]) if (n < from || n > head) this.tail.delete(n);
    let start = from;
    const known = [...this.tail.keys()].sort((a, b) => a - b);
    const last = known.at(-1);
    if (last !== undefined && known.length === last - from + 1) {
      const block = await this.node.client.getBlock({ blockNumber: BigInt(last) });
      if (block.hash === this.tail.get(last)) start = last + 1;
      else this.tail.clear();
    } else {
      this.tail.clear();
    }
    if (start > head) return;
    const blocks = await this.blocks(start, head);
    if (
      this.firstBreak(start === from ? null : (this.tail.get(start - 1) ?? null), blocks) !== null
    ) {
      this.tail.clear(); // the chain moved while reading: read it all next time
      return;
    }
    await notePending(
      this.db,
      this.node.chainId,
      await this.transfersIn(blocks),
      start === from ? from : null,
    );
    for (const block of blocks) this.tail.set(Number(block.number), block.hash as Hex);
  }
}
