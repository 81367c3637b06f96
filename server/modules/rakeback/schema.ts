import { bigint, index, integer, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from '../../db/schema';

/** Every rakeback claim; what is still claimable is accrued minus the sum of these. */
export const rakebackClaims = pgTable(
  'rakeback_claims',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    type: varchar('type', { length: 16 }).notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('rakeback_claims_user_idx').on(t.userId, t.type)],
);
