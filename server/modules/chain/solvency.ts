import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { rowsOf } from '../../db/prepared';
import type { ChainNode } from './node';
import { weiToCents } from './units';

/** The chain's head as the deposit scan last saw it (0 before its first poll). */
export async function scannedHead(db: Db, chainId: number): Promise<number> {
  const [row] = rowsOf<{ head_block: string | number }>(
    await db.execute(sql`SELECT head_block FROM chain_scan WHERE chain_id = ${chainId}`),
  );
  return row ? Number(row.head_block) : 0;
}

export interface Solvency {
  houseCents: number;
  playerCents: number;
  /** Withdrawals taken from balances and not yet paid (awaiting approval, queued, sent). */
  inFlightCents: number;
  heldCents: number;
  unlinked: { count: number; cents: number };
  /** The last block credited (null before the first), the head now, and a halt's reason. */
  scannedBlock: number | null;
  headBlock: number;
  halted: string | null;
}

/**
 * What the house owes against what it holds on chain: every balance, the withdrawals on their
 * way, and held deposits (owed once the player's limit lets them in).
 */
export async function solvency(db: Db, node: ChainNode): Promise<Solvency> {
  const [houseWei, headBlock, sums] = await Promise.all([
    node.client.getBalance({ address: node.house }),
    node.client.getBlockNumber(),
    db.execute(sql`SELECT
        (SELECT coalesce(sum(balance_cents), 0) FROM users)::text AS players,
        (SELECT coalesce(sum(amount_cents), 0) FROM withdrawals
          WHERE status IN ('awaiting_approval', 'queued', 'sent'))::text AS in_flight,
        (SELECT coalesce(sum(cents), 0) FROM chain_deposits WHERE status = 'held')::text AS held,
        (SELECT count(*) FROM chain_deposits WHERE status = 'unlinked')::text AS unlinked_count,
        (SELECT coalesce(sum(cents), 0) FROM chain_deposits WHERE status = 'unlinked')::text
          AS unlinked_cents,
        (SELECT next_block - 1 FROM chain_scan WHERE chain_id = ${node.chainId})::text AS scanned,
        (SELECT halted FROM chain_scan WHERE chain_id = ${node.chainId}) AS halted`),
  ]);
  const [row] = rowsOf<Record<string, string | null>>(sums);
  return {
    houseCents: weiToCents(houseWei),
    playerCents: Number(row!.players),
    inFlightCents: Number(row!.in_flight),
    heldCents: Number(row!.held),
    unlinked: { count: Number(row!.unlinked_count), cents: Number(row!.unlinked_cents) },
    scannedBlock: row!.scanned === null ? null : Number(row!.scanned),
    headBlock: Number(headBlock),
    halted: row!.halted ?? null,
  };
}
