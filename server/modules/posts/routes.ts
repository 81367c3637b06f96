import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { desc, eq } from 'drizzle-orm';
import { Type } from 'typebox';
import { users } from '../../db/schema';
import { posts } from './schema';

export const POSTS_LIMIT = 50;

export const postRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/post/get',
    {
      schema: {
        tags: ['posts'],
        summary: `Published posts, newest first (public, at most ${POSTS_LIMIT})`,
        response: {
          200: Type.Array(
            Type.Object({
              id: Type.Integer(),
              title: Type.String(),
              body: Type.String(),
              image_id: Type.Union([Type.String(), Type.Null()]),
              author: Type.Union([
                Type.Object({
                  id: Type.Integer(),
                  name: Type.String(),
                  image_id: Type.Union([Type.String(), Type.Null()]),
                }),
                Type.Null(),
              ]),
              created_at: Type.String({ format: 'date-time' }),
            }),
          ),
        },
      },
    },
    async () => {
      const rows = await app.db
        .select({
          post: posts,
          authorId: users.id,
          authorName: users.name,
          authorImageId: users.imageId,
        })
        .from(posts)
        .leftJoin(users, eq(users.id, posts.authorId))
        .where(eq(posts.published, true))
        .orderBy(desc(posts.createdAt), desc(posts.id))
        .limit(POSTS_LIMIT);
      return rows.map(({ post, authorId, authorName, authorImageId }) => ({
        id: post.id,
        title: post.title,
        body: post.body,
        image_id: post.imageId,
        author:
          authorId !== null && authorName !== null
            ? { id: authorId, name: authorName, image_id: authorImageId }
            : null,
        created_at: post.createdAt.toISOString(),
      }));
    },
  );
};
