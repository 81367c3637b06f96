import { Type } from 'typebox';
import { notFound } from '../../http/errors';
import { ErrorBody, errorResponses, IdParam, idOf } from '../../http/schemas';
import { requireAuth, requireRole } from '../auth/guard';

/** What every operator route shares: admins only, a user id in the path, the error answers. */
export const adminOnly = [requireAuth, requireRole('admin')];
export const adminErrors = { ...errorResponses, 403: ErrorBody, 404: ErrorBody } as const;
export const UserIdParams = Type.Object({ id: IdParam });

/** The path's id (digits only; anything else is no such record). */
export function userIdOf(param: string): number {
  const id = idOf(param);
  if (id === null) throw notFound();
  return id;
}
