import {
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

/** A sign-in identity at an OAuth provider, linked to one account. */
export const oauthAccounts = pgTable(
  'oauth_accounts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: varchar('provider', { length: 32 }).notNull(),
    /** The provider's stable user id (OIDC `sub`, GitHub `id`). */
    subject: varchar('subject', { length: 255 }).notNull(),
    email: varchar('email', { length: 255 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('oauth_accounts_provider_subject_unique').on(t.provider, t.subject),
    index('oauth_accounts_user_idx').on(t.userId),
  ],
);

/** Pending authorizations: single-use, short-lived `state` values (hashed) with their PKCE verifier. */
export const oauthStates = pgTable('oauth_states', {
  stateHash: varchar('state_hash', { length: 64 }).primaryKey(),
  provider: varchar('provider', { length: 32 }).notNull(),
  codeVerifier: text('code_verifier').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
