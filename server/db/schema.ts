import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

// Money columns are integer cents. bigint in 'number' mode reads the same on PGlite (number) and
// pg (string); every balance fits a JS number exactly (< 2^53 cents).
const cents = (name: string) => bigint(name, { mode: 'number' });
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 255 }).notNull(),
    /** Stored lower-cased; unique. */
    email: varchar('email', { length: 255 }).notNull(),
    passwordHash: text('password_hash'),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    role: varchar('role', { length: 32 }).notNull().default('user'),
    imageId: varchar('image_id', { length: 64 }),
    referralCode: varchar('referral_code', { length: 32 }).notNull(),
    referredBy: integer('referred_by'),
    twoFactorSecret: text('two_factor_secret'),
    twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
    balanceCents: cents('balance_cents').notNull().default(0),
    /** Set by an operator: a suspended player cannot sign in or bet (their tokens are revoked). */
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    /** The player's choice: their bets show "hidden" instead of their name in public feeds. */
    hideName: boolean('hide_name').notNull().default(false),
    /**
     * Set when the player has a loss or wager limit, a break or a self-exclusion: every bet of
     * theirs then takes the locked path, where those are checked under the balance row's lock
     * (server/modules/responsible-play/). Cleared there once none applies.
     */
    playGuarded: boolean('play_guarded').notNull().default(false),
    /** Minutes between reality checks on the game pages; null: off. */
    realityCheckMinutes: integer('reality_check_minutes'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(t.email),
    uniqueIndex('users_referral_code_unique').on(t.referralCode),
    check('users_balance_non_negative', sql`${t.balanceCents} >= 0`),
  ],
);

/** Sanctum-style personal access tokens: `<id>|<secret>`, only SHA-256(secret) stored. */
export const accessTokens = pgTable(
  'personal_access_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 64 }).notNull(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('personal_access_tokens_user_idx').on(t.userId)],
);

/** Every balance change, written in the same transaction as the change itself. */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    deltaCents: cents('delta_cents').notNull(),
    reason: varchar('reason', { length: 64 }).notNull(),
    reference: varchar('reference', { length: 128 }),
    balanceAfterCents: cents('balance_after_cents').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('ledger_entries_user_idx').on(t.userId, t.id),
    // The rolling windows of the responsible-play limits (server/modules/responsible-play/).
    index('ledger_entries_user_time_idx').on(t.userId, t.createdAt),
    check('ledger_entries_balance_after_non_negative', sql`${t.balanceAfterCents} >= 0`),
  ],
);

export type User = typeof users.$inferSelect;
