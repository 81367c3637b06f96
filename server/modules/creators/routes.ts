import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { asc, desc, ilike } from 'drizzle-orm';
import { Type } from 'typebox';
import { errorResponses } from '../../http/schemas';
import { users } from '../../db/schema';

export const CREATORS_LIMIT = 20;

/** `%`, `_` and `\` typed by the user are matched literally, not as LIKE wildcards. */
export function likeContains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Every account has a public profile, so creators are all users. Only id, name and image_id
 * are public. A search lists matches by name; the plain list is the top creators, in the
 * ranking's order (largest balance first, then who joined first).
 */
export const creatorRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/creators',
    {
      schema: {
        tags: ['creators'],
        summary: `Creators (public): a case-insensitive name search, or the top creators by balance; at most ${CREATORS_LIMIT}`,
        querystring: Type.Object({
          search_str: Type.Optional(Type.String({ maxLength: 100 })),
        }),
        response: {
          200: Type.Array(
            Type.Object({
              id: Type.Integer(),
              name: Type.String(),
              image_id: Type.Union([Type.String(), Type.Null()]),
            }),
          ),
          422: errorResponses[422],
        },
      },
    },
    async (request) => {
      const search = request.query.search_str?.trim() ?? '';
      const rows = await app.db
        .select({ id: users.id, name: users.name, image_id: users.imageId })
        .from(users)
        .where(search ? ilike(users.name, likeContains(search)) : undefined)
        .orderBy(
          ...(search
            ? [asc(users.name), asc(users.id)]
            : [desc(users.balanceCents), asc(users.id)]),
        )
        .limit(CREATORS_LIMIT);
      return rows;
    },
  );
};
