import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { preparedSql, toDate } from '../../db/prepared';
import { accessTokens, type User } from '../../db/schema';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** A token not used for this long expires (unless issued with remember). */
export const SESSION_IDLE_MS = 24 * 60 * 60 * 1000;
export const REMEMBER_MS = 365 * 24 * 60 * 60 * 1000;
/** last_used_at / sliding expiry are written at most this often per token. */
export const TOUCH_INTERVAL_MS = 60 * 1000;

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

/** The users row as PostgreSQL's row_to_json writes it (timestamps as ISO text). */
interface UserJson {
  id: number;
  name: string;
  email: string;
  password_hash: string | null;
  email_verified_at: string | null;
  role: string;
  image_id: string | null;
  referral_code: string;
  referred_by: number | null;
  two_factor_secret: string | null;
  two_factor_enabled: boolean;
  balance_cents: number;
  suspended_at: string | null;
  hide_name: boolean;
  play_guarded: boolean;
  reality_check_minutes: number | null;
  created_at: string;
  updated_at: string;
}

/** A token's row with its user, as tokenColumns select it. */
export interface TokenRow {
  token_hash: string;
  /** Epoch milliseconds, or null. */
  last_used_ms: number | null;
  expires_ms: number | null;
  user: UserJson;
}

/**
 * The token and its user in one indexed join, as a named prepared statement: every signed-in
 * request runs it, so it is built once and PostgreSQL parses and plans it once per connection.
 * The user comes as one JSON column: one value to read instead of fourteen typed ones. Column
 * names as in server/db/schema (personal_access_tokens, users).
 */
export const tokenColumns = sql`t.token_hash,
  floor(extract(epoch FROM t.last_used_at) * 1000)::float8 AS last_used_ms,
  floor(extract(epoch FROM t.expires_at) * 1000)::float8 AS expires_ms,
  row_to_json(users) AS user`;

/** The join tokenColumns read from (the token as `t`, its user as `users`). */
export const tokenJoin = sql`personal_access_tokens AS t JOIN users ON users.id = t.user_id`;

const lookupToken = preparedSql<TokenRow>(
  'auth_token',
  sql`SELECT ${tokenColumns} FROM ${tokenJoin} WHERE t.id = ${sql.placeholder('id')}::int`,
);

/** The users row of a lookup, as Drizzle reads it (server/db/schema). */
function userOf(row: UserJson): User {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    passwordHash: row.password_hash,
    emailVerifiedAt: toDate(row.email_verified_at),
    role: row.role,
    imageId: row.image_id,
    referralCode: row.referral_code,
    referredBy: row.referred_by,
    twoFactorSecret: row.two_factor_secret,
    twoFactorEnabled: row.two_factor_enabled,
    balanceCents: Number(row.balance_cents),
    suspendedAt: toDate(row.suspended_at),
    hideName: row.hide_name,
    playGuarded: row.play_guarded,
    realityCheckMinutes: row.reality_check_minutes,
    createdAt: toDate(row.created_at),
    updatedAt: toDate(row.updated_at),
  };
}

export interface ResolvedToken {
  tokenId: number;
  user: User;
  /** The token's last use and expiry as they stand after this request (epoch ms). */
  lastUsedMs: number;
  expiresMs: number | null;
}

/** The parts of `Authorization: Bearer <id>|<secret>`. */
export interface BearerToken {
  id: number;
  secret: string;
}

/** A bearer token's id and secret, or null when it is not one of ours in form. */
export function parseBearer(bearer: string): BearerToken | null {
  const match = /^(\d{1,9})\|([A-Za-z0-9]{40})$/.exec(bearer);
  return match ? { id: Number(match[1]), secret: match[2]! } : null;
}

/** The user behind `Authorization: Bearer <id>|<secret>`, or null. */
export async function resolveToken(db: Db, bearer: string): Promise<ResolvedToken | null> {
  const token = parseBearer(bearer);
  if (!token) return null;
  const [row] = await lookupToken(db, { id: token.id });
  return acceptToken(db, token, row);
}

/** Whether two SHA-256 digests (hex) are the same, compared in constant time. */
export function sameHash(expectedHex: string, givenHex: string): boolean {
  const expected = Buffer.from(expectedHex, 'hex');
  const given = Buffer.from(givenHex, 'hex');
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/**
 * The token's user when the row (looked up by the token's id) matches its secret and has not
 * expired, or null; a token in use has its last use (and a session token its expiry) moved on
 * now and then. `secretHash` is the secret's SHA-256, when the caller has it already.
 */
export async function acceptToken(
  db: Db,
  token: BearerToken,
  row: TokenRow | undefined,
  secretHash = sha256Hex(token.secret),
): Promise<ResolvedToken | null> {
  if (!row) return null;
  const id = token.id;
  if (!sameHash(row.token_hash, secretHash)) return null;
  const now = Date.now();
  const expiresMs = row.expires_ms === null ? null : Number(row.expires_ms);
  if (expiresMs !== null && expiresMs <= now) return null;
  // Suspension revokes a player's tokens; this refuses one issued in the same instant.
  if (row.user.suspended_at !== null) return null;

  const lastUsed = row.last_used_ms === null ? 0 : Number(row.last_used_ms);
  if (now - lastUsed <= TOUCH_INTERVAL_MS) {
    return { tokenId: id, user: userOf(row.user), lastUsedMs: lastUsed, expiresMs };
  }
  const remembered =
    expiresMs !== null && expiresMs - lastUsed > SESSION_IDLE_MS + TOUCH_INTERVAL_MS;
  // Session tokens slide: idle for a day, they expire; remembered ones keep their year.
  const slid = now + SESSION_IDLE_MS;
  const expiresAfter = remembered ? expiresMs : slid;
  await db
    .update(accessTokens)
    .set({ lastUsedAt: new Date(now), ...(remembered ? {} : { expiresAt: new Date(slid) }) })
    .where(eq(accessTokens.id, id));
  return { tokenId: id, user: userOf(row.user), lastUsedMs: now, expiresMs: expiresAfter };
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
