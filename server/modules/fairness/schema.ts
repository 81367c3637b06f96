import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  serial,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from '../../db/schema';

/** A user's seed pairs: one active (server seed secret) and the rotated ones (revealed). */
export const seedPairs = pgTable(
  'seed_pairs',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 64 hex characters; never leaves the server before revealedAt is set. */
    serverSeed: varchar('server_seed', { length: 64 }).notNull(),
    serverSeedHash: varchar('server_seed_hash', { length: 64 }).notNull(),
    clientSeed: varchar('client_seed', { length: 64 }).notNull(),
    /** The nonce of the next bet. */
    nonce: integer('nonce').notNull().default(0),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revealedAt: timestamp('revealed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('seed_pairs_one_active_per_user')
      .on(t.userId)
      .where(sql`${t.active}`),
    index('seed_pairs_user_idx').on(t.userId, t.id),
  ],
);

export type SeedPair = typeof seedPairs.$inferSelect;
