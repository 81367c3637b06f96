import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { desc, eq } from 'drizzle-orm';
import { Type } from 'typebox';
import { users } from '../../db/schema';
import { notFound } from '../../http/errors';
import { bearerAuth, IdParam } from '../../http/schemas';
import { posts } from '../posts/schema';
import { recordAction } from './actions';
import { adminErrors, adminOnly, userIdOf } from './http';

const PostParams = Type.Object({ id: IdParam });

const AdminPostBody = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  published: Type.Boolean(),
  author: Type.Union([Type.String(), Type.Null()]),
  created_at: Type.String({ format: 'date-time' }),
});

/** Operators manage the posts (POST /api/admin/posts writes one: see routes.ts). */
export const adminPostRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/admin/posts',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['admin'],
        summary: 'Every post, hidden ones too, newest first (at most 200)',
        security: bearerAuth,
        response: { 200: Type.Object({ data: Type.Array(AdminPostBody) }), ...adminErrors },
      },
    },
    async () => {
      const rows = await app.db
        .select({ post: posts, author: users.name })
        .from(posts)
        .leftJoin(users, eq(users.id, posts.authorId))
        .orderBy(desc(posts.createdAt), desc(posts.id))
        .limit(200);
      return {
        data: rows.map(({ post, author }) => ({
          id: post.id,
          title: post.title,
          published: post.published,
          author,
          created_at: post.createdAt.toISOString(),
        })),
      };
    },
  );

  app.post(
    '/api/admin/posts/:id/published',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['admin'],
        summary: 'Show or hide a post (GET /api/post/get lists the shown ones)',
        security: bearerAuth,
        params: PostParams,
        body: Type.Object({ published: Type.Boolean() }),
        response: {
          200: Type.Object({ id: Type.Integer(), published: Type.Boolean() }),
          ...adminErrors,
        },
      },
    },
    async (request) => {
      const id = userIdOf(request.params.id);
      const { published } = request.body;
      return app.db.transaction(async (tx) => {
        const [before] = await tx.select().from(posts).where(eq(posts.id, id)).for('update');
        if (!before) throw notFound();
        await tx.update(posts).set({ published }).where(eq(posts.id, id));
        await recordAction(tx, {
          adminId: request.user!.id,
          action: 'post_update',
          targetUserId: null,
          before: { post_id: id, published: before.published },
          after: { post_id: id, published },
        });
        return { id, published };
      });
    },
  );

  app.delete(
    '/api/admin/posts/:id',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['admin'],
        summary: 'Delete a post (its title and body are kept in the audit log)',
        security: bearerAuth,
        params: PostParams,
        response: { 204: Type.Null(), ...adminErrors },
      },
    },
    async (request, reply) => {
      const id = userIdOf(request.params.id);
      await app.db.transaction(async (tx) => {
        const [deleted] = await tx.delete(posts).where(eq(posts.id, id)).returning();
        if (!deleted) throw notFound();
        await recordAction(tx, {
          adminId: request.user!.id,
          action: 'post_delete',
          targetUserId: null,
          before: { post_id: id, title: deleted.title, body: deleted.body },
          after: null,
        });
      });
      return reply.code(204).send(null);
    },
  );
};
