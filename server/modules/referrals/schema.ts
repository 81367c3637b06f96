import { bigint, index, integer, pgTable, serial, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../../db/schema';

/** Every claim of referral commission; claimable is earned minus the sum of these. */
export const referralClaims = pgTable(
  'referral_claims',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('referral_claims_user_idx').on(t.userId)],
);
