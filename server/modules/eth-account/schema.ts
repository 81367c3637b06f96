import { integer, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from '../../db/schema';

/** The nonce a user signs to link an Ethereum account; one per user, kept until used. */
export const ethValidationNonces = pgTable('eth_validation_nonces', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  nonce: varchar('nonce', { length: 64 }).notNull(),
  issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
});
