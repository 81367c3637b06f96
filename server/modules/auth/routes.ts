import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ValidationError } from '../../http/errors';
import {
  bearerAuth,
  Email,
  ErrorBody,
  errorResponses,
  Password,
  UserBody,
} from '../../http/schemas';
import { createUser, findUserByEmail, userJson, verifyPassword } from '../account/service';
import { requireAuth } from './guard';
import { issueToken, revokeToken } from './tokens';

export const authRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/api/register',
    {
      schema: {
        tags: ['auth'],
        summary: 'Create an account; answers a token and the user',
        body: Type.Object({
          name: Type.String({ minLength: 1, maxLength: 255 }),
          email: Email,
          password: Password,
          password_confirmation: Type.String({ maxLength: 255 }),
          referral_code: Type.Optional(Type.Union([Type.String({ maxLength: 32 }), Type.Null()])),
        }),
        response: { 201: Type.Object({ token: Type.String(), user: UserBody }), ...errorResponses },
      },
    },
    async (request, reply) => {
      const body = request.body;
      if (body.password !== body.password_confirmation) {
        throw ValidationError.field('password', 'validation.confirmed');
      }
      if (!body.name.trim()) throw ValidationError.field('name', 'validation.required');
      const user = await createUser(
        app.db,
        {
          name: body.name,
          email: body.email,
          password: body.password,
          referralCode: body.referral_code || null,
        },
        app.config.startingBalanceCents,
      );
      const token = await issueToken(app.db, user.id);
      return reply.code(201).send({ token, user: userJson(user) });
    },
  );

  app.post(
    '/api/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in; answers a bearer token',
        body: Type.Object({
          email: Email,
          password: Type.String({ minLength: 1, maxLength: 255 }),
          remember: Type.Optional(Type.Boolean()),
          one_time_password: Type.Optional(
            Type.Union([Type.String({ maxLength: 16 }), Type.Null()]),
          ),
        }),
        response: {
          200: Type.Object({ token: Type.String(), token_type: Type.Literal('bearer') }),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const { email, password, remember } = request.body;
      const user = await findUserByEmail(app.db, email);
      if (!user || !(await verifyPassword(user, password))) {
        throw ValidationError.field('email', 'auth.failed');
      }
      const token = await issueToken(app.db, user.id, { remember: remember === true });
      return { token, token_type: 'bearer' as const };
    },
  );

  app.post(
    '/api/logout',
    {
      onRequest: requireAuth,
      schema: {
        tags: ['auth'],
        summary: 'Revoke the token the request was signed with',
        security: bearerAuth,
        response: { 200: Type.Object({ message: Type.String() }), 401: ErrorBody },
      },
    },
    async (request) => {
      await revokeToken(app.db, request.tokenId!);
      return { message: 'Logged out.' };
    },
  );
};
