import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  pgTable,
  serial,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from '../../db/schema';

const cents = (name: string) => bigint(name, { mode: 'number' });

/**
 * A giveaway: its prize (total, in cents) is shared by `winnersCount` winners drawn at `endsAt`
 * from HMAC floats keyed by `serverSeed`, whose hash is public from the start. `drawnAt` is set
 * by the one transaction that draws and pays.
 */
export const giveaways = pgTable(
  'giveaways',
  {
    id: serial('id').primaryKey(),
    title: varchar('title', { length: 255 }).notNull(),
    prizeCents: cents('prize_cents').notNull(),
    winnersCount: integer('winners_count').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    /** Entry rule: wagered at least this much in the 7 days before entering (null: anyone). */
    minWageredCents: cents('min_wagered_cents'),
    /** 64 hex characters; secret until drawnAt is set. */
    serverSeed: varchar('server_seed', { length: 64 }).notNull(),
    serverSeedHash: varchar('server_seed_hash', { length: 64 }).notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    drawnAt: timestamp('drawn_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('giveaways_ends_idx').on(t.endsAt),
    check('giveaways_prize_positive', sql`${t.prizeCents} > 0`),
    check('giveaways_winners_positive', sql`${t.winnersCount} > 0`),
    check('giveaways_ends_after_start', sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

/** One entry per player and giveaway; `id` gives the entry order the draw runs over. */
export const giveawayEntries = pgTable(
  'giveaway_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    giveawayId: integer('giveaway_id')
      .notNull()
      .references(() => giveaways.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('giveaway_entries_one_per_user').on(t.giveawayId, t.userId),
    index('giveaway_entries_order_idx').on(t.giveawayId, t.id),
  ],
);

/** The drawn winners, in draw order; each paid once (the unique keys hold it). */
export const giveawayWinners = pgTable(
  'giveaway_winners',
  {
    giveawayId: integer('giveaway_id')
      .notNull()
      .references(() => giveaways.id, { onDelete: 'cascade' }),
    rank: integer('rank').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    prizeCents: cents('prize_cents').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('giveaway_winners_rank_unique').on(t.giveawayId, t.rank),
    uniqueIndex('giveaway_winners_user_unique').on(t.giveawayId, t.userId),
  ],
);

export type Giveaway = typeof giveaways.$inferSelect;
