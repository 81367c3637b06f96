import {
  bigint,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from '../../db/schema';

/** Server-wide secrets generated once and shared by every instance (e.g. the APP_KEY fallback). */
export const appSecrets = pgTable('app_secrets', {
  name: varchar('name', { length: 64 }).primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One outstanding password-reset token per account; only SHA-256 of the token is stored. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('password_reset_tokens_created_idx').on(t.createdAt)],
);

/**
 * TOTP time steps already accepted per account: a code works once (RFC 6238 section 5.2), so
 * a code seen over someone's shoulder or replayed from a log is refused.
 */
export const twoFactorUsedSteps = pgTable(
  'two_factor_used_steps',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    step: bigint('step', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.step] })],
);

/**
 * Failed attempts per account, whatever the client address: `login:<sha256 of the e-mail>` for
 * passwords (an e-mail without an account counts the same), `otp:<user id>` for TOTP codes.
 * One upsert decides each failure (server/modules/auth/throttle.ts).
 */
export const authThrottles = pgTable(
  'auth_throttles',
  {
    key: varchar('key', { length: 80 }).primaryKey(),
    failures: integer('failures').notNull().default(0),
    lastFailureAt: timestamp('last_failure_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** When the owner was last told about failed sign-ins (at most one mail an hour). */
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
  },
  (t) => [index('auth_throttles_last_failure_idx').on(t.lastFailureAt)],
);

/**
 * Browsers that signed in to an account before: a login that carries one of their tokens is not
 * held by the account's password lock. Only SHA-256 of the token is stored; 10 newest per user.
 */
export const knownDevices = pgTable(
  'known_devices',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('known_devices_token_hash_unique').on(t.tokenHash),
    index('known_devices_user_idx').on(t.userId, t.lastUsedAt),
  ],
);

/**
 * Registrations waiting for their mailed link (one per e-mail, the newest wins): the user is
 * created when the link is opened. Only SHA-256 of the link's token is stored.
 */
export const pendingRegistrations = pgTable(
  'pending_registrations',
  {
    email: varchar('email', { length: 255 }).primaryKey(),
    name: varchar('name', { length: 255 }).notNull(),
    passwordHash: text('password_hash').notNull(),
    referralCode: varchar('referral_code', { length: 32 }),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('pending_registrations_token_hash_unique').on(t.tokenHash),
    index('pending_registrations_expires_idx').on(t.expiresAt),
  ],
);
