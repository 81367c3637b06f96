import {
  bigint,
  bigserial,
  jsonb,
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

/**
 * Every operator action, append-only (a trigger refuses UPDATE, DELETE and TRUNCATE): who did
 * what to whom, and the values before and after.
 */
export const adminActions = pgTable(
  'admin_actions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    adminId: integer('admin_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    action: varchar('action', { length: 64 }).notNull(),
    targetUserId: integer('target_user_id').references(() => users.id, { onDelete: 'restrict' }),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('admin_actions_target_idx').on(t.targetUserId, t.id)],
);
