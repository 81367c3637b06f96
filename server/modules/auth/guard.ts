import type { FastifyRequest } from 'fastify';
import { forbidden, unauthenticated } from '../../http/errors';
import { resolveToken } from './tokens';

/** The request's bearer token as sent, or null. */
export function bearerOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(.+)$/i.exec(header);
  return match ? match[1]!.trim() : null;
}

/** onRequest hook: the request must carry a valid token; sets request.user and tokenId. */
export async function requireAuth(request: FastifyRequest): Promise<void> {
  const token = bearerOf(request);
  const resolved = token ? await resolveToken(request.server.db, token) : null;
  if (!resolved) throw unauthenticated();
  request.user = resolved.user;
  request.tokenId = resolved.tokenId;
}

/** onRequest hook for optional auth: sets request.user when a valid token is present. */
export async function optionalAuth(request: FastifyRequest): Promise<void> {
  const token = bearerOf(request);
  const resolved = token ? await resolveToken(request.server.db, token) : null;
  if (resolved) {
    request.user = resolved.user;
    request.tokenId = resolved.tokenId;
  }
}

/** onRequest hook after requireAuth: the user's role must be one of `roles`. */
export function requireRole(...roles: string[]) {
  return async (request: FastifyRequest): Promise<void> => {
    if (!request.user || !roles.includes(request.user.role)) throw forbidden();
  };
}
