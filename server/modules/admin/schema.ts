import {
  bigint,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from '../../db/schema';

/**
 * Operators' balance adjustments: who, why, and an optional caller reference that makes a
 * retried adjustment count once. The money itself moves through the ledger.
 */
export const adminAdjustments = pgTable(
  'admin_adjustments',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    adminId: integer('admin_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    note: text('note'),
    reference: varchar('reference', { length: 128 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('admin_adjustments_reference_unique').on(t.reference),
    index('admin_adjustments_user_idx').on(t.userId),
  ],
);
