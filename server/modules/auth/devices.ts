import { and, eq, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { knownDevices } from './schema';
import { randomString, sha256Hex } from './tokens';

/** Known devices kept per account (the most recently used). */
export const MAX_DEVICES_PER_USER = 10;

const DEVICE_TOKEN = /^[A-Za-z0-9]{48}$/;

/** The account a device token belongs to, or null (unknown, malformed or absent). */
export async function deviceOwner(
  db: Db,
  token: string | null | undefined,
): Promise<number | null> {
  if (!token || !DEVICE_TOKEN.test(token)) return null;
  const [row] = await db
    .select({ userId: knownDevices.userId })
    .from(knownDevices)
    .where(eq(knownDevices.tokenHash, sha256Hex(token)))
    .limit(1);
  return row?.userId ?? null;
}

/**
 * After a successful sign-in: a new device token for the browser (the one it sent, if any, is
 * replaced), and only the account's newest MAX_DEVICES_PER_USER are kept.
 */
export async function rememberDevice(
  db: Db,
  userId: number,
  previous: string | null | undefined,
): Promise<string> {
  const token = randomString(48);
  await db.transaction(async (tx) => {
    if (previous && DEVICE_TOKEN.test(previous)) {
      await tx
        .delete(knownDevices)
        .where(
          and(eq(knownDevices.userId, userId), eq(knownDevices.tokenHash, sha256Hex(previous))),
        );
    }
    await tx.insert(knownDevices).values({ userId, tokenHash: sha256Hex(token) });
    const keep = tx
      .select({ id: knownDevices.id })
      .from(knownDevices)
      .where(eq(knownDevices.userId, userId))
      .orderBy(sql`${knownDevices.lastUsedAt} DESC, ${knownDevices.id} DESC`)
      .limit(MAX_DEVICES_PER_USER);
    await tx
      .delete(knownDevices)
      .where(and(eq(knownDevices.userId, userId), notInArray(knownDevices.id, keep)));
  });
  return token;
}
