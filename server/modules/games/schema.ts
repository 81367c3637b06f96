import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from '../../db/schema';
import { seedPairs } from '../fairness/schema';

const cents = (name: string) => bigint(name, { mode: 'number' });

/** Every bet, settled or (a stepped game) in progress; amounts in cents, multiplier in 1/10000 units. */
export const bets = pgTable(
  'bets',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    game: varchar('game', { length: 32 }).notNull(),
    amountCents: cents('amount_cents').notNull(),
    multiplierE4: bigint('multiplier_e4', { mode: 'number' }).notNull().default(0),
    payoutCents: cents('payout_cents').notNull().default(0),
    seedPairId: integer('seed_pair_id')
      .notNull()
      .references(() => seedPairs.id, { onDelete: 'restrict' }),
    nonce: integer('nonce').notNull(),
    params: jsonb('params').notNull(),
    result: jsonb('result').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('bets_user_idx').on(t.userId, t.id),
    index('bets_user_game_idx').on(t.userId, t.game, t.id),
    uniqueIndex('bets_seed_pair_nonce_unique').on(t.seedPairId, t.nonce),
  ],
);

/**
 * A stepped game (one bet played in moves on one nonce): its whole state as the rules keep it,
 * secrets included, decided at the start. `status` is 'active' until the rules say it is over,
 * then the rules' final status. One game in progress per player and game.
 */
export const gameSessions = pgTable(
  'game_sessions',
  {
    betId: bigint('bet_id', { mode: 'number' })
      .primaryKey()
      .references(() => bets.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    game: varchar('game', { length: 32 }).notNull(),
    state: jsonb('state').notNull(),
    status: varchar('status', { length: 16 }).notNull().default('active'),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('game_sessions_one_active_per_user_game')
      .on(t.userId, t.game)
      .where(sql`${t.status} = 'active'`),
  ],
);

/** Answers of bet requests sent with an Idempotency-Key, so a retry counts once. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: varchar('key', { length: 255 }).notNull(),
    /** SHA-256 of method, path and body: the same key with another request is refused. */
    requestHash: varchar('request_hash', { length: 64 }).notNull(),
    statusCode: smallint('status_code').notNull(),
    response: jsonb('response').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);

export type Bet = typeof bets.$inferSelect;
export type GameSession = typeof gameSessions.$inferSelect;
