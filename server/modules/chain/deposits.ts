import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/database';
import { rowsOf, toDate } from '../../db/prepared';
import { depositRoomCents } from '../responsible-play/enforce';
import { changeBalances } from '../wallet/service';
import { splitWei } from './units';

// The deposits' rows (table chain_deposits, ./schema.ts) and their ledger lines. Only these
// functions change a deposit's status, each under the row's or the scan's lock.

/** A native-coin transfer to the house address found in a block. */
export interface Transfer {
  txHash: string;
  blockNumber: number;
  blockHash: string;
  /** Lower case. */
  from: string;
  value: bigint;
}

export const DEPOSIT_REASON = 'deposit';
export const depositReference = (id: number) => `deposit:${id}`;

/** A deposit's ledger line: `deposit` of its cents, referencing it. */
const creditDeposit = (tx: Tx, userId: number, id: number, cents: number) =>
  changeBalances(tx, userId, [
    { deltaCents: cents, reason: DEPOSIT_REASON, reference: depositReference(id) },
  ]);

type FinalStatus = 'credited' | 'held' | 'unlinked';

/** `tx_hash` is none of the transfers' (true when there are none). */
const notAmong = (transfers: Transfer[]) =>
  transfers.length
    ? sql`tx_hash NOT IN (${sql.join(
        transfers.map((t) => sql`${t.txHash}`),
        sql`, `,
      )})`
    : sql`TRUE`;

/** The players who linked these addresses (lower case), by address. */
async function linkedUsers(tx: Tx, addresses: string[]): Promise<Map<string, number>> {
  if (!addresses.length) return new Map();
  const rows = rowsOf<{ address: string; user_id: number }>(
    await tx.execute(sql`SELECT address, user_id FROM eth_accounts
      WHERE address IN (${sql.join(
        addresses.map((a) => sql`${a}`),
        sql`, `,
      )})`),
  );
  return new Map(rows.map((row) => [row.address, row.user_id]));
}

/**
 * Makes the transfers of confirmed blocks [from, to] final and moves the scan past them, in one
 * transaction that first locks the scan's row and checks it still starts at `from`: when another
 * instance got there first, nothing is written and false is answered. Each transfer is credited
 * to the player who linked its sender (a ledger line `deposit`), held when their deposit limit
 * has no room for it, or recorded as unlinked; a transfer already final is left as it is.
 */
export async function finaliseBlocks(
  db: Db,
  scan: { chainId: number; from: number; to: number; toHash: string; head: number },
  transfers: Transfer[],
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = rowsOf<{ next_block: string | number }>(
      await tx.execute(sql`SELECT next_block FROM chain_scan
        WHERE chain_id = ${scan.chainId} FOR UPDATE`),
    );
    if (!row || Number(row.next_block) !== scan.from) return false;
    const owners = await linkedUsers(tx, [...new Set(transfers.map((t) => t.from))]);
    for (const transfer of transfers) {
      const userId = owners.get(transfer.from) ?? null;
      const { cents, dustWei } = splitWei(transfer.value);
      let status: FinalStatus = 'unlinked';
      if (userId !== null) {
        const room = await depositRoomCents(tx, userId);
        status = room !== null && cents > room ? 'held' : 'credited';
      }
      const [stored] = rowsOf<{ id: string | number }>(
        await tx.execute(sql`INSERT INTO chain_deposits (chain_id, tx_hash, block_number,
            block_hash, from_address, value_wei, cents, dust_wei, user_id, status, credited_at)
          VALUES (${scan.chainId}, ${transfer.txHash}, ${transfer.blockNumber},
            ${transfer.blockHash}, ${transfer.from}, ${transfer.value.toString()}, ${cents},
            ${dustWei.toString()}, ${userId}, ${status},
            ${status === 'credited' ? sql`now()` : sql`NULL`})
          ON CONFLICT (chain_id, tx_hash) DO UPDATE SET block_number = EXCLUDED.block_number,
            block_hash = EXCLUDED.block_hash, user_id = EXCLUDED.user_id,
            status = EXCLUDED.status, credited_at = EXCLUDED.credited_at
          WHERE chain_deposits.status = 'pending'
          RETURNING id`),
      );
      if (stored && status === 'credited' && userId !== null) {
        await creditDeposit(tx, userId, Number(stored.id), cents);
      }
    }
    // Pending transfers of these blocks that were not in them after all (reorganised away).
    await tx.execute(sql`DELETE FROM chain_deposits
      WHERE chain_id = ${scan.chainId} AND status = 'pending' AND block_number <= ${scan.to}
        AND ${notAmong(transfers)}`);
    await tx.execute(sql`UPDATE chain_scan SET next_block = ${scan.to + 1},
        last_hash = ${scan.toHash}, head_block = ${scan.head}, updated_at = now()
      WHERE chain_id = ${scan.chainId}`);
    return true;
  });
}

/**
 * Records the transfers of blocks not yet deep enough as pending (the wallet page counts their
 * confirmations). With `forget`, pending rows from `forget` on that are not among them go (their
 * blocks were reorganised away).
 */
export async function notePending(
  db: Db,
  chainId: number,
  transfers: Transfer[],
  forget: number | null,
): Promise<void> {
  await db.transaction(async (tx) => {
    if (forget !== null) {
      await tx.execute(sql`DELETE FROM chain_deposits
        WHERE chain_id = ${chainId} AND status = 'pending' AND block_number >= ${forget}
          AND ${notAmong(transfers)}`);
    }
    const owners = await linkedUsers(tx, [...new Set(transfers.map((t) => t.from))]);
    for (const transfer of transfers) {
      const { cents, dustWei } = splitWei(transfer.value);
      await tx.execute(sql`INSERT INTO chain_deposits (chain_id, tx_hash, block_number,
          block_hash, from_address, value_wei, cents, dust_wei, user_id, status)
        VALUES (${chainId}, ${transfer.txHash}, ${transfer.blockNumber}, ${transfer.blockHash},
          ${transfer.from}, ${transfer.value.toString()}, ${cents}, ${dustWei.toString()},
          ${owners.get(transfer.from) ?? null}, 'pending')
        ON CONFLICT (chain_id, tx_hash) DO UPDATE SET block_number = EXCLUDED.block_number,
          block_hash = EXCLUDED.block_hash, user_id = EXCLUDED.user_id
        WHERE chain_deposits.status = 'pending'`);
    }
  });
}

/**
 * Credits held deposits whose player's limit has room now, oldest first; a player's later held
 * deposits wait behind an earlier one that still does not fit. Each under the deposit row's lock.
 */
export async function releaseHeld(db: Db, chainId: number): Promise<number> {
  const held = rowsOf<{ id: string | number; user_id: number }>(
    await db.execute(sql`SELECT id, user_id FROM chain_deposits
      WHERE chain_id = ${chainId} AND status = 'held' ORDER BY id LIMIT 100`),
  );
  const waiting = new Set<number>();
  let credited = 0;
  for (const { id, user_id: userId } of held) {
    if (waiting.has(userId)) continue;
    const done = await db.transaction(async (tx) => {
      const [row] = rowsOf<{ cents: string | number }>(
        await tx.execute(sql`SELECT cents FROM chain_deposits
          WHERE id = ${id} AND status = 'held' FOR UPDATE`),
      );
      if (!row) return false;
      const room = await depositRoomCents(tx, userId);
      if (room !== null && Number(row.cents) > room) return false;
      await tx.execute(sql`UPDATE chain_deposits SET status = 'credited', credited_at = now()
        WHERE id = ${id}`);
      await creditDeposit(tx, userId, Number(id), Number(row.cents));
      return true;
    });
    if (done) credited++;
    else waiting.add(userId);
  }
  return credited;
}

export interface DepositView {
  txHash: string;
  cents: number;
  status: 'pending' | 'credited' | 'held';
  blockNumber: number;
  seenAt: Date;
  creditedAt: Date | null;
}

/** The player's latest deposits (an unlinked one is nobody's). */
export async function depositsOf(db: Db, userId: number, limit = 20): Promise<DepositView[]> {
  const rows = rowsOf<{
    tx_hash: string;
    cents: string | number;
    status: DepositView['status'];
    block_number: string | number;
    seen_at: Date | string;
    credited_at: Date | string | null;
  }>(
    await db.execute(sql`SELECT tx_hash, cents, status, block_number, seen_at, credited_at
      FROM chain_deposits WHERE user_id = ${userId} ORDER BY id DESC LIMIT ${limit}`),
  );
  return rows.map((row) => ({
    txHash: row.tx_hash,
    cents: Number(row.cents),
    status: row.status,
    blockNumber: Number(row.block_number),
    seenAt: toDate(row.seen_at),
    creditedAt: toDate(row.credited_at),
  }));
}
