import {
  bigint,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from '../../db/schema';

/**
 * A player's limit of one kind (`loss`, `wager`, `deposit`) over one rolling period (`day`,
 * `week`, `month`). A lower limit replaces `amountCents` at once; a higher one, or a removal
 * (null), waits in `pendingAmountCents` until `pendingFrom`, 24 hours after it was asked for.
 */
export const playLimits = pgTable(
  'play_limits',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 16 }).notNull(),
    period: varchar('period', { length: 8 }).notNull(),
    /** The limit in force; null when there is none (a new one is pending). */
    amountCents: bigint('amount_cents', { mode: 'number' }),
    /** The raise or removal (null) waiting for `pendingFrom`; unused while that is null. */
    pendingAmountCents: bigint('pending_amount_cents', { mode: 'number' }),
    pendingFrom: timestamp('pending_from', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind, t.period] })],
);

/**
 * A break (`break`) or a self-exclusion (`self_exclusion`) the player took: no bet, no new game
 * and no giveaway entry until `endsAt` (never, when null). Rows are only ever added: nobody can
 * shorten or lift one.
 */
export const playBlocks = pgTable(
  'play_blocks',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 16 }).notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull().defaultNow(),
    endsAt: timestamp('ends_at', { withTimezone: true }),
  },
  (t) => [index('play_blocks_user_idx').on(t.userId, t.id)],
);

export type PlayLimitRow = typeof playLimits.$inferSelect;
export type PlayBlockRow = typeof playBlocks.$inferSelect;
