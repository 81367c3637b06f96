import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, serial, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../../db/schema';

/**
 * Part of a balance locked for a number of days at a yearly reward rate. The principal leaves
 * the balance through the ledger when locked; principal and reward return through it on unlock.
 */
export const tokenLocks = pgTable(
  'token_locks',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    /** Yearly reward rate in basis points (1200 = 12% a year). */
    rateBps: integer('rate_bps').notNull(),
    days: integer('days').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull().defaultNow(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    unlockedAt: timestamp('unlocked_at', { withTimezone: true }),
    /** Reward paid on unlock; null while locked. */
    rewardCents: bigint('reward_cents', { mode: 'number' }),
  },
  (t) => [
    index('token_locks_user_idx').on(t.userId, t.id),
    check('token_locks_amount_positive', sql`${t.amountCents} > 0`),
  ],
);

export type TokenLock = typeof tokenLocks.$inferSelect;
