import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { accessTokens, users, type User } from '../../db/schema';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** A token not used for this long expires (unless issued with remember). */
export const SESSION_IDLE_MS = 24 * 60 * 60 * 1000;
export const REMEMBER_MS = 365 * 24 * 60 * 60 * 1000;
/** last_used_at / sliding expiry are written at most this often per token. */
const TOUCH_INTERVAL_MS = 60 * 1000;

export function randomString(length: number): string {
  const bytes = randomBytes(length * 2);
  let out = '';
  // Rejection sampling keeps every character equally likely (256 is not a multiple of 62).
  for (let i = 0; i < bytes.length && out.length < length; i++) {
    const b = bytes[i]!;
    if (b < 248) out += ALPHABET[b % 62];
  }
  return out.length === length ? out : out + randomString(length - out.length);
}

export const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex');

/** Issues a Sanctum-style token `<id>|<40 characters>`; only the secret's SHA-256 is stored. */
export async function issueToken(
  db: Db,
  userId: number,
  options: { name?: string; remember?: boolean } = {},
): Promise<string> {
  const secret = randomString(40);
  const ttl = options.remember ? REMEMBER_MS : SESSION_IDLE_MS;
  const [row] = await db
    .insert(accessTokens)
    .values({
      userId,
      name: options.name ?? 'spa',
      tokenHash: sha256Hex(secret),
      expiresAt: new Date(Date.now() + ttl),
      lastUsedAt: new Date(),
    })
    .returning({ id: accessTokens.id });
  return `${row!.id}|${secret}`;
}

/**
 * The token and its user in one indexed join, as a prepared statement built once per database:
 * every signed-in request runs it, and a named statement spares both the query building and
 * PostgreSQL's parse and plan.
 */
const tokenLookups = new WeakMap<Db, ReturnType<typeof prepareTokenLookup>>();
function prepareTokenLookup(db: Db) {
  return db
    .select({ token: accessTokens, user: users })
    .from(accessTokens)
    .innerJoin(users, eq(users.id, accessTokens.userId))
    .where(eq(accessTokens.id, sql.placeholder('id')))
    .limit(1)
    .prepare('resolve_token');
}
function tokenLookup(db: Db) {
  let statement = tokenLookups.get(db);
  if (!statement) tokenLookups.set(db, (statement = prepareTokenLookup(db)));
  return statement;
}

export interface ResolvedToken {
  tokenId: number;
  user: User;
}

/** The user behind `Authorization: Bearer <id>|<secret>`, or null. */
export async function resolveToken(db: Db, bearer: string): Promise<ResolvedToken | null> {
  const match = /^(\d{1,9})\|([A-Za-z0-9]{40})$/.exec(bearer);
  if (!match) return null;
  const id = Number(match[1]);
  const [row] = await tokenLookup(db).execute({ id });
  if (!row) return null;
  const expected = Buffer.from(row.token.tokenHash, 'hex');
  const given = Buffer.from(sha256Hex(match[2]!), 'hex');
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  const now = Date.now();
  if (row.token.expiresAt && row.token.expiresAt.getTime() <= now) return null;

  const lastUsed = row.token.lastUsedAt?.getTime() ?? 0;
  if (now - lastUsed > TOUCH_INTERVAL_MS) {
    const remembered =
      row.token.expiresAt !== null &&
      row.token.expiresAt.getTime() - lastUsed > SESSION_IDLE_MS + TOUCH_INTERVAL_MS;
    await db
      .update(accessTokens)
      .set({
        lastUsedAt: new Date(now),
        // Session tokens slide: idle for a day, they expire; remembered ones keep their year.
        ...(remembered ? {} : { expiresAt: new Date(now + SESSION_IDLE_MS) }),
      })
      .where(eq(accessTokens.id, id));
  }
  return { tokenId: id, user: row.user };
}

export async function revokeToken(db: Db, tokenId: number): Promise<void> {
  await db.delete(accessTokens).where(eq(accessTokens.id, tokenId));
}

/** Revokes every token of a user (password reset), optionally keeping one. */
export async function revokeAllTokens(db: Db, userId: number, keepTokenId?: number): Promise<void> {
  await db
    .delete(accessTokens)
    .where(
      keepTokenId === undefined
        ? eq(accessTokens.userId, userId)
        : and(eq(accessTokens.userId, userId), sql`${accessTokens.id} <> ${keepTokenId}`),
    );
}
