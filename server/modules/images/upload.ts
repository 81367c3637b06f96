import type { FastifyRequest } from 'fastify';
import { HttpError, ValidationError } from '../../http/errors';
import { IMAGE_KINDS, MAX_UPLOAD_BYTES, type ImageKind } from './process';

/** The multipart form of POST /api/images: `file` (the picture) and `kind` (what it is for). */
export interface ImageUpload {
  file: Buffer;
  kind: ImageKind;
}

const MEGABYTES = MAX_UPLOAD_BYTES / (1024 * 1024);

/** busboy's limits: the file is cut off (and refused) at MAX_UPLOAD_BYTES while it streams in. */
export const UPLOAD_LIMITS = {
  fileSize: MAX_UPLOAD_BYTES,
  files: 1,
  fields: 4,
  fieldSize: 256,
  parts: 6,
  fieldNameSize: 64,
  headerPairs: 20,
};

const isKind = (value: string): value is ImageKind =>
  (IMAGE_KINDS as readonly string[]).includes(value);

/** A multipart failure (limits, a broken form) as the answer the client gets. */
function uploadError(error: unknown): Error {
  const code = (error as { code?: unknown }).code;
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return ValidationError.field('file', 'images.too_large', { max: MEGABYTES });
    case 'FST_FILES_LIMIT':
      return ValidationError.field('file', 'images.one_file');
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
    case 'FST_PROTO_VIOLATION':
      return new HttpError(400, 'error.bad_request');
    default:
      return error instanceof HttpError ? error : new HttpError(400, 'error.bad_request');
  }
}

/**
 * Reads the form as it streams: the one file is buffered up to MAX_UPLOAD_BYTES (busboy stops
 * it there and the upload is refused without reading it whole into memory), fields are short.
 * `kind` defaults to "gallery". Missing file or unknown kind: 422 on that field.
 */
export async function readImageUpload(request: FastifyRequest): Promise<ImageUpload> {
  if (!request.isMultipart()) {
    throw ValidationError.field('file', 'validation.required');
  }
  let file: Buffer | null = null;
  let kind = 'gallery';
  try {
    for await (const part of request.parts({ limits: UPLOAD_LIMITS })) {
      if (part.type === 'file') {
        // A file under another name is not read (busboy's files limit refuses a second one).
        if (part.fieldname === 'file') file = await part.toBuffer();
        else part.file.resume();
      } else if (part.fieldname === 'kind') {
        kind = String(part.value);
      }
    }
  } catch (error) {
    throw uploadError(error);
  }
  if (!file || file.length === 0) throw ValidationError.field('file', 'validation.required');
  if (!isKind(kind)) throw ValidationError.field('kind', 'validation.in');
  return { file, kind };
}
