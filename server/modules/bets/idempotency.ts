import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Tx } from '../../db/database';
import { ValidationError } from '../../http/errors';
import { idempotencyKeys } from '../games/schema';

export interface IdempotencyRequest {
  key: string;
  /** SHA-256 of method, path and body. */
  requestHash: string;
}

export interface StoredAnswer {
  statusCode: number;
  body: unknown;
}

/** The request's Idempotency-Key (1-255 characters) and fingerprint, or null without one. */
export function idempotencyOf(request: FastifyRequest): IdempotencyRequest | null {
  const header = request.headers['idempotency-key'];
  const key = (Array.isArray(header) ? header[0] : header)?.trim();
  if (!key) return null;
  if (key.length > 255) {
    throw ValidationError.field('idempotency_key', 'validation.max_length', { limit: 255 });
  }
  const requestHash = createHash('sha256')
    .update(`${request.method} ${request.routeOptions.url ?? request.url}\n`)
    .update(JSON.stringify(request.params ?? {}))
    .update(JSON.stringify(request.body ?? null))
    .digest('hex');
  return { key, requestHash };
}

/**
 * The stored answer of an earlier request with this key, in the caller's transaction (which
 * holds the user's row lock, so two retries cannot both miss it). A different request under
 * the same key is a 422.
 */
export async function storedAnswer(
  tx: Tx,
  userId: number,
  request: IdempotencyRequest,
): Promise<StoredAnswer | null> {
  const [row] = await tx
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, request.key)));
  if (!row) return null;
  if (row.requestHash !== request.requestHash) {
    throw ValidationError.field('idempotency_key', 'idempotency.mismatch');
  }
  return { statusCode: row.statusCode, body: row.response };
}

export async function storeAnswer(
  tx: Tx,
  userId: number,
  request: IdempotencyRequest,
  answer: StoredAnswer,
): Promise<void> {
  await tx.insert(idempotencyKeys).values({
    userId,
    key: request.key,
    requestHash: request.requestHash,
    statusCode: answer.statusCode,
    response: answer.body,
  });
}
