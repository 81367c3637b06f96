import type { FastifyReply, FastifyRequest } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { rowsOf } from '../../db/prepared';
import { HttpError } from '../../http/errors';
import { normalizeEmail } from '../account/service';
import { sha256Hex } from './tokens';

/**
 * Per-account back-off for password sign-in and TOTP codes, whatever the client address (the
 * per-IP limits of server/http/rate-limit.ts do not stop an attacker with many addresses). It
 * lives in the database, so every instance and cluster worker counts together, Redis or not.
 *
 * The first FREE_FAILURES failures cost nothing; from then on each failure locks further attempts
 * for 2^(failures - FREE_FAILURES) seconds (1 s, 2 s, 4 s, ...) up to MAX_LOCK_SECONDS. A lock is
 * answered 429 with Retry-After before the password or code is looked at. A success resets the
 * count; it is forgotten FORGET_AFTER_SECONDS after the last failure.
 */
export const FREE_FAILURES = 5;
export const MAX_LOCK_SECONDS = 15 * 60;
export const FORGET_AFTER_SECONDS = 60 * 60;
/** At most one notice mail per account in this long. */
export const NOTICE_INTERVAL_SECONDS = 60 * 60;

/** The password key: the normalised e-mail, hashed (so one without an account counts the same). */
export const loginThrottleKey = (email: string) => `login:${sha256Hex(normalizeEmail(email))}`;
/** The TOTP key: login's one_time_password and the settings' confirm / disable codes. */
export const codeThrottleKey = (userId: number) => `otp:${userId}`;

/** Whole seconds the key is locked for from now (0: not locked). */
export async function lockedFor(db: Db, key: string): Promise<number> {
  const rows = rowsOf<{ seconds: number | string }>(
    await db.execute(sql`
      SELECT ceil(extract(epoch FROM locked_until - now()))::int AS seconds
      FROM auth_throttles WHERE key = ${key} AND locked_until > now()`),
  );
  return rows.length ? Math.max(1, Number(rows[0]!.seconds)) : 0;
}

export interface Failure {
  /** Failures counted so far (this one included). */
  failures: number;
  /** Seconds the key is now locked for (0 while the failures are still free). */
  lockSeconds: number;
  /** This failure should tell the owner (the lock engaged, no notice in the last hour). */
  notify: boolean;
}

/**
 * Counts a failure and sets the lock, in one statement: concurrent failures from any number of
 * processes each add one (the row lock of the upsert orders them), and each sees its own count.
 */
export async function recordFailure(db: Db, key: string): Promise<Failure> {
  const forget = sql.raw(`interval '${FORGET_AFTER_SECONDS} seconds'`);
  const noticeGap = sql.raw(`interval '${NOTICE_INTERVAL_SECONDS} seconds'`);
  // The count after this failure, from the row as it was (a stale count starts again at 1).
  const count = sql`(CASE WHEN auth_throttles.last_failure_at < now() - ${forget}
    THEN 1 ELSE auth_throttles.failures + 1 END)`;
  const lockOf = (n: SQL) =>
    sql`CASE WHEN ${n} >= ${FREE_FAILURES}
      THEN now() + make_interval(secs => least(${MAX_LOCK_SECONDS}::float8,
        power(2::float8, (${n} - ${FREE_FAILURES})::float8)))
      ELSE NULL END`;
  const rows = rowsOf<{ failures: number | string; seconds: number | string; notify: boolean }>(
    await db.execute(sql`
      INSERT INTO auth_throttles (key, failures, last_failure_at, locked_until,
        notified_at)
      VALUES (${key}, 1, now(), ${lockOf(sql`1`)},
        CASE WHEN 1 >= ${FREE_FAILURES} THEN now() ELSE NULL END)
      ON CONFLICT (key) DO UPDATE SET
        failures = ${count},
        last_failure_at = now(),
        locked_until = ${lockOf(count)},
        notified_at = CASE
          WHEN ${count} >= ${FREE_FAILURES} AND (auth_throttles.notified_at IS NULL
            OR auth_throttles.notified_at < now() - ${noticeGap})
          THEN now() ELSE auth_throttles.notified_at END
      RETURNING failures,
        coalesce(ceil(extract(epoch FROM locked_until - now())), 0)::int AS seconds,
        coalesce(notified_at = now(), false) AS notify`),
  );
  const row = rows[0]!;
  return {
    failures: Number(row.failures),
    lockSeconds: Number(row.seconds),
    notify: row.notify === true,
  };
}

/** A success: the count starts again (the notice time stays, so a mail goes out once an hour). */
export async function resetFailures(db: Db, key: string): Promise<void> {
  await db.execute(sql`
    UPDATE auth_throttles SET failures = 0, locked_until = NULL
    WHERE key = ${key} AND (failures > 0 OR locked_until IS NOT NULL)`);
}

/** Forgets rows with no failure in the last hour, a bounded batch at a time. */
export async function sweepThrottles(db: Db): Promise<void> {
  const forget = sql.raw(`interval '${FORGET_AFTER_SECONDS + NOTICE_INTERVAL_SECONDS} seconds'`);
  await db.execute(sql`
    DELETE FROM auth_throttles WHERE key IN (
      SELECT key FROM auth_throttles WHERE last_failure_at < now() - ${forget} LIMIT 100)`);
}

/** The 429 of a lock, in the rate limits' shape (message, Retry-After). */
export function lockedError(reply: FastifyReply, seconds: number): HttpError {
  reply.header('retry-after', Math.max(1, seconds));
  return new HttpError(429, 'error.too_many_requests');
}

/** Whether the per-account throttle is on (RATE_LIMITS=off switches it off with the others). */
export const throttleOn = (request: FastifyRequest) => request.server.config.accounts.rateLimits;

/**
 * For a TOTP check (login or settings): 429 while the account's code lock holds; else runs the
 * check, counting a failure or resetting the count on success.
 */
export async function throttledCode(
  request: FastifyRequest,
  reply: FastifyReply,
  userId: number,
  check: () => Promise<boolean>,
): Promise<{ ok: boolean; failure: Failure | null }> {
  const db = request.server.db;
  if (!throttleOn(request)) return { ok: await check(), failure: null };
  const key = codeThrottleKey(userId);
  const locked = await lockedFor(db, key);
  if (locked > 0) throw lockedError(reply, locked);
  if (await check()) {
    await resetFailures(db, key);
    return { ok: true, failure: null };
  }
  return { ok: false, failure: await recordFailure(db, key) };
}
