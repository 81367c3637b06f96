import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from '../../db/schema';

const blockNumber = (name: string) => bigint(name, { mode: 'number' });
const at = (name: string) => timestamp(name, { withTimezone: true });
/** 0x and 64 hex digits, lower case. */
const hash = (name: string) => varchar(name, { length: 66 });
/** An amount of the chain's smallest unit (wei): up to 78 digits, kept as text in JS. */
const wei = (name: string) => numeric(name, { precision: 78, scale: 0 });

/**
 * Which instance does a chain job (`deposits`, `withdrawals`) until when: the holder renews it
 * every poll; when it stops (killed), another takes over once `until` has passed.
 */
export const chainLeases = pgTable('chain_leases', {
  name: varchar('name', { length: 32 }).primaryKey(),
  holder: varchar('holder', { length: 64 }).notNull(),
  until: at('until').notNull(),
});

/**
 * The deposit scan's position on one chain: every block before `nextBlock` has been credited.
 * `lastHash` is block nextBlock - 1's hash, so that a reorganisation deeper than the
 * confirmations shows (the next block's parent differs) instead of passing unseen.
 */
export const chainScan = pgTable('chain_scan', {
  chainId: integer('chain_id').primaryKey(),
  nextBlock: blockNumber('next_block').notNull(),
  lastHash: hash('last_hash'),
  /** The chain's head when last looked at (the wallet page's confirmation counts). */
  headBlock: blockNumber('head_block').notNull(),
  /** Set when the scan stopped on a reorganisation deeper than the confirmations. */
  halted: text('halted'),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

/**
 * A transfer of the native coin to the house address: `pending` (seen, not yet deep enough;
 * removed again if its block is reorganised away), then `credited` (a ledger line `deposit`,
 * reference `deposit:<id>`, of `cents`; what is below a cent stays in `dustWei`), `held` (the
 * player's deposit limit has no room: credited once it has) or `unlinked` (no player linked the
 * sender: recorded for the operator, not credited).
 */
export const chainDeposits = pgTable(
  'chain_deposits',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    chainId: integer('chain_id').notNull(),
    txHash: hash('tx_hash').notNull(),
    blockNumber: blockNumber('block_number').notNull(),
    blockHash: hash('block_hash').notNull(),
    /** Lower case. */
    fromAddress: varchar('from_address', { length: 42 }).notNull(),
    valueWei: wei('value_wei').notNull(),
    cents: bigint('cents', { mode: 'number' }).notNull(),
    dustWei: wei('dust_wei').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'restrict' }),
    status: varchar('status', { length: 16 }).notNull(),
    seenAt: at('seen_at').notNull().defaultNow(),
    creditedAt: at('credited_at'),
  },
  (t) => [
    uniqueIndex('chain_deposits_tx_unique').on(t.chainId, t.txHash),
    index('chain_deposits_user_idx').on(t.userId, t.id),
    index('chain_deposits_status_idx').on(t.status),
    check('chain_deposits_cents_non_negative', sql`${t.cents} >= 0`),
  ],
);

/**
 * A payout to the player's linked address. Its amount left the balance when it was asked for
 * (ledger line `withdrawal`, reference `withdrawal:<id>`). `awaiting_approval` (above the
 * operator's threshold) -> `queued` -> `sent` (signed with `nonce`, `rawTx` kept to send again)
 * -> `confirmed`; or `rejected` (by an operator) or `failed` (the chain refused it or its nonce
 * went to another transaction), both refunded with a line `withdrawal_refund`.
 */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    chainId: integer('chain_id').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    /** Lower case. */
    toAddress: varchar('to_address', { length: 42 }).notNull(),
    status: varchar('status', { length: 24 }).notNull(),
    nonce: bigint('nonce', { mode: 'number' }),
    txHash: hash('tx_hash'),
    rawTx: text('raw_tx'),
    blockNumber: blockNumber('block_number'),
    /** Why it failed or was rejected; the last send error while it waits. */
    note: text('note'),
    idempotencyKey: varchar('idempotency_key', { length: 255 }),
    requestHash: varchar('request_hash', { length: 64 }),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('withdrawals_user_idx').on(t.userId, t.id),
    index('withdrawals_status_idx').on(t.status, t.id),
    uniqueIndex('withdrawals_idempotency_unique').on(t.userId, t.idempotencyKey),
    // One transaction per nonce of the house wallet: a withdrawal can never be signed twice.
    uniqueIndex('withdrawals_nonce_unique').on(t.chainId, t.nonce),
    check('withdrawals_amount_positive', sql`${t.amountCents} > 0`),
  ],
);

export type ChainDepositRow = typeof chainDeposits.$inferSelect;
export type WithdrawalRow = typeof withdrawals.$inferSelect;
