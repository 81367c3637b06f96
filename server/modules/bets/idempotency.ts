import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { ValidationError } from '../../http/errors';

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
  const key = idempotencyKeyOf(request);
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

/** The Idempotency-Key header as idempotencyOf reads it (unchecked), or null without one. */
export function idempotencyKeyOf(request: FastifyRequest): string | null {
  const header = request.headers['idempotency-key'];
  return (Array.isArray(header) ? header[0] : header)?.trim() || null;
}
