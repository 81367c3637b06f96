import {
  bigint,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
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
