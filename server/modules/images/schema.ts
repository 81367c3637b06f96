import { customType, index, integer, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from '../../db/schema';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * Uploaded images, re-encoded server-side (only what the decoder produced is stored). `kind` is
 * 'avatar' or 'gallery'; the id is random and public, so an image URL never changes content.
 */
export const images = pgTable(
  'images',
  {
    id: varchar('id', { length: 64 }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 16 }).notNull(),
    mime: varchar('mime', { length: 32 }).notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    bytes: bytea('bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('images_user_kind_idx').on(t.userId, t.kind, t.createdAt)],
);

export type Image = typeof images.$inferSelect;
