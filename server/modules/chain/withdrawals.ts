import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/database';
import { sqlState, UNIQUE_VIOLATION } from '../../db/errors';
import { rowsOf, toDate } from '../../db/prepared';
import { HttpError, ValidationError } from '../../http/errors';
import { recordAction } from '../admin/actions';
import type { IdempotencyRequest } from '../bets/idempotency';
import { linkedAccount } from '../eth-account/service';
import { changeBalances } from '../wallet/service';

// The withdrawals' rows (table withdrawals, ./schema.ts) and their ledger lines. Every change of
// status is a compare-and-set on the status it leaves, so two instances (or an operator and the
// sender) never both act on one withdrawal.

export const WITHDRAWAL_STATUSES = [
  'awaiting_approval',
  'queued',
  'sent',
  'confirmed',
  'failed',
  'rejected',
] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];

export const WITHDRAWAL_REASON = 'withdrawal';
export const REFUND_REASON = 'withdrawal_refund';
export const withdrawalReference = (id: number) => `withdrawal:${id}`;

export interface Withdrawal {
  id: number;
  userId: number;
  amountCents: number;
  /** Lower case. */
  toAddress: string;
  status: WithdrawalStatus;
  nonce: number | null;
  txHash: string | null;
  rawTx: string | null;
  blockNumber: number | null;
  note: string | null;
  requestHash: string | null;
  createdAt: Date;
  updatedAt: Date;
}

interface WithdrawalSqlRow {
  id: number;
  user_id: number;
  amount_cents: string | number;
  to_address: string;
  status: WithdrawalStatus;
  nonce: string | number | null;
  tx_hash: string | null;
  raw_tx: string | null;
  block_number: string | number | null;
  note: string | null;
  request_hash: string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

const nullableNumber = (value: string | number | null) => (value === null ? null : Number(value));

function withdrawalOf(row: WithdrawalSqlRow): Withdrawal {
  return {
    id: row.id,
    userId: row.user_id,
    amountCents: Number(row.amount_cents),
    toAddress: row.to_address,
    status: row.status,
    nonce: nullableNumber(row.nonce),
    txHash: row.tx_hash,
    rawTx: row.raw_tx,
    blockNumber: nullableNumber(row.block_number),
    note: row.note,
    requestHash: row.request_hash,
    createdAt: toDate(row.created_at),
    updatedAt: toDate(row.updated_at),
  };
}

const COLUMNS = sql.raw(`id, user_id, amount_cents, to_address, status, nonce, tx_hash, raw_tx,
  block_number, note, request_hash, created_at, updated_at`);

async function selectWithdrawals(db: Db | Tx, where: ReturnType<typeof sql>, limit = 100) {
  return rowsOf<WithdrawalSqlRow>(
    await db.execute(sql`SELECT ${COLUMNS} FROM withdrawals WHERE ${where} LIMIT ${limit}`),
  ).map(withdrawalOf);
}

export const walletDemo = () =>
  new HttpError(409, 'wallet.demo', {}, undefined, { code: 'wallet_demo' });

export interface WithdrawalRequest {
  userId: number;
  chainId: number;
  /** Already checked against WITHDRAWAL_MIN and the wire's format (the route's amountToCents). */
  amountCents: number;
  approvalAboveCents: number;
  idempotency: IdempotencyRequest | null;
}

async function byKey(db: Db | Tx, userId: number, idempotency: IdempotencyRequest) {
  const [stored] = await selectWithdrawals(
    db,
    sql`user_id = ${userId} AND idempotency_key = ${idempotency.key}`,
  );
  if (stored && stored.requestHash !== idempotency.requestHash) {
    throw ValidationError.field('idempotency_key', 'idempotency.mismatch');
  }
  return stored ?? null;
}

/**
 * Takes the amount from the player's balance (a ledger line `withdrawal`) and queues a payout to
 * their linked address, or holds it for an operator above the approval threshold; both or
 * neither. A repeat with the same Idempotency-Key answers the first withdrawal again.
 */
export async function requestWithdrawal(db: Db, request: WithdrawalRequest): Promise<Withdrawal> {
  const { userId, amountCents, idempotency } = request;
  if (idempotency) {
    const stored = await byKey(db, userId, idempotency);
    if (stored) return stored;
  }
  const linked = await linkedAccount(db, userId);
  if (!linked) {
    throw new HttpError(409, 'wallet.no_linked_address', {}, undefined, {
      code: 'no_linked_address',
    });
  }
  const status: WithdrawalStatus =
    amountCents > request.approvalAboveCents ? 'awaiting_approval' : 'queued';
  try {
    return await db.transaction(async (tx) => {
      const [row] = rowsOf<WithdrawalSqlRow>(
        await tx.execute(sql`INSERT INTO withdrawals (user_id, chain_id, amount_cents, to_address,
            status, idempotency_key, request_hash)
          VALUES (${userId}, ${request.chainId}, ${amountCents}, ${linked.address.toLowerCase()},
            ${status}, ${idempotency?.key ?? null}, ${idempotency?.requestHash ?? null})
          RETURNING ${COLUMNS}`),
      );
      await changeBalances(tx, userId, [
        {
          deltaCents: -amountCents,
          reason: WITHDRAWAL_REASON,
          reference: withdrawalReference(row!.id),
        },
      ]);
      return withdrawalOf(row!);
    });
  } catch (error) {
    // The same key sent twice at once: the unique index lets one through; answer it.
    if (idempotency && sqlState(error) === UNIQUE_VIOLATION) {
      const stored = await byKey(db, userId, idempotency);
      if (stored) return stored;
    }
    throw error;
  }
}

export async function withdrawalsOf(db: Db, userId: number, limit = 20): Promise<Withdrawal[]> {
  return selectWithdrawals(db, sql`user_id = ${userId} ORDER BY id DESC`, limit);
}

export async function withdrawalsIn(
  db: Db,
  statuses: WithdrawalStatus[],
  limit = 100,
): Promise<Withdrawal[]> {
  const list = sql.join(
    statuses.map((s) => sql`${s}`),
    sql`, `,
  );
  return selectWithdrawals(db, sql`status IN (${list}) ORDER BY id`, limit);
}

/** The newest withdrawals of any player, or of one status (the console's list). */
export async function latestWithdrawals(
  db: Db,
  status: WithdrawalStatus | undefined,
  limit = 100,
): Promise<Withdrawal[]> {
  return selectWithdrawals(
    db,
    sql`${status ? sql`status = ${status}` : sql`TRUE`} ORDER BY id DESC`,
    limit,
  );
}

/** Moves a withdrawal from `from` to `to` with `set`; answers it, or null when it was not `from`. */
async function transition(
  db: Db | Tx,
  id: number,
  from: WithdrawalStatus[],
  set: ReturnType<typeof sql>,
): Promise<Withdrawal | null> {
  const list = sql.join(
    from.map((s) => sql`${s}`),
    sql`, `,
  );
  const [row] = rowsOf<WithdrawalSqlRow>(
    await db.execute(sql`UPDATE withdrawals SET ${set}, updated_at = now()
      WHERE id = ${id} AND status IN (${list}) RETURNING ${COLUMNS}`),
  );
  return row ? withdrawalOf(row) : null;
}

/** Signed and about to be sent: the nonce is taken (false when another sender took it). */
export async function markSent(
  db: Db,
  id: number,
  signed: { nonce: number; txHash: string; rawTx: string },
): Promise<boolean> {
  try {
    const moved = await transition(
      db,
      id,
      ['queued'],
      sql`status = 'sent', nonce = ${signed.nonce}, tx_hash = ${signed.txHash},
        raw_tx = ${signed.rawTx}, block_number = NULL, note = NULL`,
    );
    return moved !== null;
  } catch (error) {
    if (sqlState(error) === UNIQUE_VIOLATION) return false;
    throw error;
  }
}

/** The node refused the transaction outright: back in the queue, its nonce free again. */
export async function markUnsent(db: Db, id: number, txHash: string, note: string): Promise<void> {
  await db.execute(sql`UPDATE withdrawals SET status = 'queued', nonce = NULL, tx_hash = NULL,
      raw_tx = NULL, block_number = NULL, note = ${note.slice(0, 500)}, updated_at = now()
    WHERE id = ${id} AND status = 'sent' AND tx_hash = ${txHash}`);
}

/** Where its transaction was mined (null: not in a block now), for the confirmation count. */
export async function noteBlock(db: Db, id: number, blockNumber: number | null): Promise<void> {
  await db.execute(sql`UPDATE withdrawals SET block_number = ${blockNumber}
    WHERE id = ${id} AND status = 'sent' AND block_number IS DISTINCT FROM ${blockNumber}`);
}

export async function markConfirmed(db: Db, id: number, blockNumber: number): Promise<void> {
  await transition(db, id, ['sent'], sql`status = 'confirmed', block_number = ${blockNumber}`);
}

/** Noted while it waits in the queue (e.g. the house wallet cannot pay it yet). */
export async function noteQueued(db: Db, id: number, note: string): Promise<void> {
  await db.execute(sql`UPDATE withdrawals SET note = ${note.slice(0, 500)}, updated_at = now()
    WHERE id = ${id} AND status = 'queued' AND note IS DISTINCT FROM ${note.slice(0, 500)}`);
}

/**
 * Ends a withdrawal without paying it and gives the amount back (a ledger line
 * `withdrawal_refund`), in one transaction; null when it had already left `from`.
 */
export async function refund(
  db: Db,
  id: number,
  from: WithdrawalStatus[],
  outcome: { status: 'failed' | 'rejected'; note: string; decidedBy?: number },
): Promise<Withdrawal | null> {
  return db.transaction(async (tx) => {
    const ended = await transition(
      tx,
      id,
      from,
      sql`status = ${outcome.status}, note = ${outcome.note.slice(0, 500)},
        decided_by = ${outcome.decidedBy ?? null}`,
    );
    if (!ended) return null;
    await changeBalances(tx, ended.userId, [
      { deltaCents: ended.amountCents, reason: REFUND_REASON, reference: withdrawalReference(id) },
    ]);
    if (outcome.decidedBy !== undefined) {
      await recordAction(tx, {
        adminId: outcome.decidedBy,
        action: 'withdrawal_reject',
        targetUserId: ended.userId,
        before: { withdrawal: id, status: 'awaiting_approval' },
        after: { withdrawal: id, status: 'rejected', reason: outcome.note },
      });
    }
    return ended;
  });
}

/** An operator lets a withdrawal above the threshold go (audit-logged); null if not awaiting. */
export async function approveWithdrawal(
  db: Db,
  id: number,
  adminId: number,
): Promise<Withdrawal | null> {
  return db.transaction(async (tx) => {
    const approved = await transition(
      tx,
      id,
      ['awaiting_approval'],
      sql`status = 'queued', decided_by = ${adminId}`,
    );
    if (!approved) return null;
    await recordAction(tx, {
      adminId,
      action: 'withdrawal_approve',
      targetUserId: approved.userId,
      before: { withdrawal: id, status: 'awaiting_approval' },
      after: { withdrawal: id, status: 'queued' },
    });
    return approved;
  });
}

/** The largest nonce any withdrawal was signed with on this chain, or -1. */
export async function highestNonce(db: Db, chainId: number): Promise<number> {
  const [row] = rowsOf<{ nonce: string | number | null }>(
    await db.execute(sql`SELECT max(nonce) AS nonce FROM withdrawals WHERE chain_id = ${chainId}`),
  );
  return row?.nonce === null || row?.nonce === undefined ? -1 : Number(row.nonce);
}
