import { integer, pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { users } from '../../db/schema';

/** The nonce a user signs to link an Ethereum account; one per user, kept until used. */
export const ethValidationNonces = pgTable('eth_validation_nonces', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  nonce: varchar('nonce', { length: 64 }).notNull(),
  issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A user's linked Ethereum account: the address proven by an EIP-191 signature of the message. */
export const ethAccounts = pgTable(
  'eth_accounts',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Lower-case 0x-prefixed hex. */
    address: varchar('address', { length: 42 }).notNull(),
    signature: varchar('signature', { length: 132 }).notNull(),
    linkedAt: timestamp('linked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('eth_accounts_address_unique').on(t.address)],
);
