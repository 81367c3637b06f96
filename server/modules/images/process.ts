import sharp, { type Metadata } from 'sharp';

/** What an upload is for: the player's avatar or one of their gallery pictures. */
export const IMAGE_KINDS = ['avatar', 'gallery'] as const;
export type ImageKind = (typeof IMAGE_KINDS)[number];

/** The largest upload accepted, counted while the multipart stream is read. */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
/** Decoded size refused before any pixel is decompressed (decompression bombs). */
export const MAX_INPUT_PIXELS = 40_000_000;
/** Avatars are cropped to a square of this side; gallery pictures fit in a square of GALLERY_MAX. */
export const AVATAR_SIDE = 256;
export const GALLERY_MAX = 2048;
/** Every stored image is WebP: one format to serve, and nothing of the upload survives but pixels. */
export const STORED_MIME = 'image/webp';

export type SourceFormat = 'png' | 'jpeg' | 'webp';

/**
 * The format by its signature bytes, or null. Only these three are ever handed to the decoder:
 * sharp would also read SVG, GIF, TIFF, HEIF and more, which the upload does not accept.
 */
export function sniffFormat(bytes: Uint8Array): SourceFormat | null {
  const starts = (signature: number[], at = 0) =>
    bytes.length >= at + signature.length && signature.every((b, i) => bytes[at + i] === b);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (starts([0xff, 0xd8, 0xff])) return 'jpeg';
  // RIFF....WEBP
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'webp';
  return null;
}

export interface ProcessedImage {
  bytes: Buffer;
  mime: typeof STORED_MIME;
  width: number;
  height: number;
}

/** Why an upload cannot become an image. */
export type ImageProblem = 'not_image' | 'too_many_pixels';

export class ImageRejected extends Error {
  constructor(readonly problem: ImageProblem) {
    super(problem);
  }
}

/**
 * Decodes the upload and encodes a new WebP from its pixels alone: oriented by its EXIF tag,
 * then stripped of every metadata block (EXIF, XMP, ICC, comments), the first frame only,
 * resized for its use. A truncated or corrupt file fails to decode and is refused.
 */
export async function reencodeImage(upload: Buffer, kind: ImageKind): Promise<ProcessedImage> {
  const format = sniffFormat(upload);
  if (!format) throw new ImageRejected('not_image');
  const input = () =>
    sharp(upload, {
      limitInputPixels: MAX_INPUT_PIXELS,
      failOn: 'error',
      animated: false,
      sequentialRead: true,
    });
  let meta: Metadata;
  try {
    meta = await input().metadata();
  } catch (error) {
    throw rejectionOf(error);
  }
  if (meta.format !== format || !meta.width || !meta.height) throw new ImageRejected('not_image');
  if (meta.width * meta.height > MAX_INPUT_PIXELS) throw new ImageRejected('too_many_pixels');
  const pipeline = input().rotate();
  if (kind === 'avatar') {
    pipeline.resize(AVATAR_SIDE, AVATAR_SIDE, { fit: 'cover', position: 'attention' });
  } else {
    pipeline.resize(GALLERY_MAX, GALLERY_MAX, { fit: 'inside', withoutEnlargement: true });
  }
  try {
    const { data, info } = await pipeline
      .toColourspace('srgb')
      .webp({ quality: 82, effort: 4 })
      .toBuffer({ resolveWithObject: true });
    return { bytes: data, mime: STORED_MIME, width: info.width, height: info.height };
  } catch (error) {
    throw rejectionOf(error);
  }
}

/** sharp's error as the upload's problem: over the pixel limit, or not a decodable image. */
function rejectionOf(error: unknown): ImageRejected {
  const overLimit = error instanceof Error && /pixel limit/i.test(error.message);
  return new ImageRejected(overLimit ? 'too_many_pixels' : 'not_image');
}
