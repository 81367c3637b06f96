import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { forbidden, notFound, ValidationError } from '../../http/errors';
import type { Bucket, Limit } from '../../http/rate-limit';
import { bearerAuth, ErrorBody, errorResponses, IdParam, idOf } from '../../http/schemas';
import { validatorCompiler } from '../../http/validation';
import { requireAuth } from '../auth/guard';
import {
  AVATAR_SIDE,
  GALLERY_MAX,
  ImageRejected,
  IMAGE_KINDS,
  MAX_INPUT_PIXELS,
  MAX_UPLOAD_BYTES,
  reencodeImage,
} from './process';
import {
  deleteImage,
  GALLERY_CAP,
  IMAGE_ID_PATTERN,
  listGallery,
  readImage,
  storeImage,
} from './service';
import { readImageUpload } from './upload';
import { users } from '../../db/schema';
import { eq } from 'drizzle-orm';

/** Uploads per account: each costs a decode and an encode (docs/developers/community.md). */
export const UPLOAD_BUCKET: Bucket = { name: 'image-upload', max: 30, timeWindow: 10 * 60_000 };
const uploadLimits: readonly Limit[] = [
  { bucket: UPLOAD_BUCKET, key: (request: FastifyRequest) => `user:${request.user!.id}` },
];

/** A year: an id names one content forever (a new upload gets a new id). */
const IMAGE_CACHE = 'public, max-age=31536000, immutable';

const ImageIdParams = Type.Object({
  image_id: Type.String({ minLength: 1, maxLength: 64, description: 'an image id' }),
});

const GalleryImageBody = Type.Object({
  image_id: Type.String(),
  width: Type.Integer(),
  height: Type.Integer(),
  created_at: Type.String({ format: 'date-time' }),
});

const UploadBody = Type.Object({
  file: Type.String({
    format: 'binary',
    description: `PNG, JPEG or WebP, at most ${MAX_UPLOAD_BYTES / 1024 / 1024} MB`,
  }),
  kind: Type.Optional(
    Type.Union(
      IMAGE_KINDS.map((k) => Type.Literal(k)),
      { description: 'what the picture is for (default gallery)' },
    ),
  ),
});

export const imageRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // Registered in this plugin only: multipart bodies are read by the upload route alone.
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1 } });

  app.post(
    '/api/images',
    {
      onRequest: requireAuth,
      config: { limits: uploadLimits },
      // The body schema documents the form; the form itself is read (and checked) as it streams.
      validatorCompiler: (route) =>
        route.httpPart === 'body' ? () => true : validatorCompiler(route),
      schema: {
        tags: ['images'],
        summary: 'Upload an avatar or a gallery picture',
        description:
          `multipart/form-data with \`file\` (PNG, JPEG or WebP, at most ${MAX_UPLOAD_BYTES / 1024 / 1024} MB, ` +
          `at most ${MAX_INPUT_PIXELS / 1_000_000} megapixels) and \`kind\` (\`avatar\` or \`gallery\`, default gallery). ` +
          `The picture is decoded and stored re-encoded as WebP without metadata: an avatar cropped to ` +
          `${AVATAR_SIDE}×${AVATAR_SIDE} px (and set as the account's image_id), a gallery picture fitted into ` +
          `${GALLERY_MAX}×${GALLERY_MAX} px (at most ${GALLERY_CAP} per player). Anything else is a 422 and nothing is stored.`,
        security: bearerAuth,
        consumes: ['multipart/form-data'],
        body: UploadBody,
        response: {
          201: Type.Object({
            image_id: Type.String(),
            kind: Type.String(),
            width: Type.Integer(),
            height: Type.Integer(),
          }),
          400: ErrorBody,
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const upload = await readImageUpload(request);
      let image;
      try {
        image = await reencodeImage(upload.file, upload.kind);
      } catch (error) {
        if (!(error instanceof ImageRejected)) throw error;
        throw error.problem === 'too_many_pixels'
          ? ValidationError.field('file', 'images.too_many_pixels', {
              max: MAX_INPUT_PIXELS / 1_000_000,
            })
          : ValidationError.field('file', 'images.not_image');
      }
      const id = await storeImage(app.db, request.user!.id, upload.kind, image);
      return reply
        .code(201)
        .send({ image_id: id, kind: upload.kind, width: image.width, height: image.height });
    },
  );

  app.get(
    '/api/image/:image_id',
    {
      // Public and immutable: browsers cache it for a year, so it is not counted per client
      // against the 300-a-minute API limit (a gallery page loads dozens); the per-IP floor holds.
      config: { rateLimit: false },
      schema: {
        tags: ['images'],
        summary: 'An image’s bytes (public; cached for a year: an id never changes content)',
        params: ImageIdParams,
        response: {
          200: Type.Unsafe<Buffer>({
            description: 'The picture (WebP)',
            content: { 'image/webp': { schema: { type: 'string', format: 'binary' } } },
          }),
          304: { description: 'Not modified (If-None-Match matched the ETag)', type: 'null' },
          404: ErrorBody,
          422: errorResponses[422],
        },
      },
    },
    async (request, reply) => {
      const id = request.params.image_id;
      const image = IMAGE_ID_PATTERN.test(id) ? await readImage(app.db, id) : null;
      if (!image) throw notFound();
      const etag = `"${id}"`;
      reply
        .header('cache-control', IMAGE_CACHE)
        .header('etag', etag)
        .header('x-content-type-options', 'nosniff')
        // Public pictures may be shown by the app on another site (APP_URL_API setups).
        .header('cross-origin-resource-policy', 'cross-origin');
      const match = request.headers['if-none-match'];
      if (match && match.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
        return reply.code(304).send(null);
      }
      return reply.type(image.mime).send(image.bytes);
    },
  );

  app.delete(
    '/api/images/:image_id',
    {
      onRequest: requireAuth,
      schema: {
        tags: ['images'],
        summary: 'Delete one of your own images (your current avatar too: image_id becomes null)',
        security: bearerAuth,
        params: ImageIdParams,
        response: {
          204: { description: 'Deleted', type: 'null' },
          403: ErrorBody,
          404: ErrorBody,
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const id = request.params.image_id;
      const outcome = IMAGE_ID_PATTERN.test(id)
        ? await deleteImage(app.db, request.user!.id, id)
        : 'missing';
      if (outcome === 'missing') throw notFound();
      if (outcome === 'not_owner') throw forbidden();
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/users/:id/images',
    {
      schema: {
        tags: ['images'],
        summary: `A player's gallery (public), newest first, at most ${GALLERY_CAP}`,
        params: Type.Object({ id: IdParam }),
        response: {
          200: Type.Object({ data: Type.Array(GalleryImageBody) }),
          404: ErrorBody,
          422: errorResponses[422],
        },
      },
    },
    async (request) => {
      const userId = idOf(request.params.id);
      if (userId === null) throw notFound();
      const [user] = await app.db.select({ id: users.id }).from(users).where(eq(users.id, userId));
      if (!user) throw notFound();
      return { data: await listGallery(app.db, userId) };
    },
  );
};
