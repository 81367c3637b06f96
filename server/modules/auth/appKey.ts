import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { appSecrets } from './schema';

/**
 * The secret behind signed links. APP_KEY wins (any string; "base64:..." is decoded like
 * Laravel's); unset, a random key is generated once and stored in the database, so links survive
 * restarts and every instance on the same database agrees.
 */
export async function resolveAppKey(db: Db, configured: string | undefined): Promise<Buffer> {
  if (configured) {
    return configured.startsWith('base64:')
      ? Buffer.from(configured.slice(7), 'base64')
      : Buffer.from(configured, 'utf8');
  }
  await db
    .insert(appSecrets)
    .values({ name: 'app_key', value: randomBytes(32).toString('base64') })
    .onConflictDoNothing();
  const [row] = await db.select().from(appSecrets).where(eq(appSecrets.name, 'app_key')).limit(1);
  return Buffer.from(row!.value, 'base64');
}
