import { randomBytes } from 'node:crypto';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { users } from '../../db/schema';
import { ValidationError } from '../../http/errors';
import type { ImageKind, ProcessedImage } from './process';
import { images } from './schema';

/** Gallery pictures one player may keep. */
export const GALLERY_CAP = 50;

/** 22 URL-safe characters (128 random bits): ids are public and never guessed or reused. */
export const newImageId = (): string => randomBytes(16).toString('base64url');
export const IMAGE_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

export interface GalleryImage {
  image_id: string;
  width: number;
  height: number;
  created_at: string;
}

/**
 * Stores a processed image for its owner. An avatar becomes users.image_id and the previous
 * avatar row is deleted; a gallery picture counts against GALLERY_CAP. The owner's row is
 * locked for the transaction so two uploads at once cannot pass the cap together.
 */
export async function storeImage(
  db: Db,
  userId: number,
  kind: ImageKind,
  image: ProcessedImage,
): Promise<string> {
  const id = newImageId();
  await db.transaction(async (tx) => {
    const [owner] = await tx
      .select({ imageId: users.imageId })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (kind === 'gallery') {
      const [row] = await tx
        .select({ n: count() })
        .from(images)
        .where(and(eq(images.userId, userId), eq(images.kind, 'gallery')));
      if ((row?.n ?? 0) >= GALLERY_CAP) {
        throw ValidationError.field('file', 'images.gallery_full', { max: GALLERY_CAP });
      }
    }
    await tx.insert(images).values({
      id,
      userId,
      kind,
      mime: image.mime,
      width: image.width,
      height: image.height,
      bytes: image.bytes,
    });
    if (kind === 'avatar') {
      await tx
        .update(users)
        .set({ imageId: id, updatedAt: sql`now()` })
        .where(eq(users.id, userId));
      const previous = owner?.imageId;
      if (previous) {
        await tx
          .delete(images)
          .where(
            and(eq(images.id, previous), eq(images.userId, userId), eq(images.kind, 'avatar')),
          );
      }
    }
  });
  return id;
}

/** The stored bytes and type of an image, or null. */
export async function readImage(
  db: Db,
  id: string,
): Promise<{ mime: string; bytes: Buffer } | null> {
  const [row] = await db
    .select({ mime: images.mime, bytes: images.bytes })
    .from(images)
    .where(eq(images.id, id));
  return row ?? null;
}

/** A player's gallery, newest first. */
export async function listGallery(db: Db, userId: number): Promise<GalleryImage[]> {
  const rows = await db
    .select({
      id: images.id,
      width: images.width,
      height: images.height,
      createdAt: images.createdAt,
    })
    .from(images)
    .where(and(eq(images.userId, userId), eq(images.kind, 'gallery')))
    .orderBy(desc(images.createdAt), desc(images.id))
    .limit(GALLERY_CAP);
  return rows.map((r) => ({
    image_id: r.id,
    width: r.width,
    height: r.height,
    created_at: r.createdAt.toISOString(),
  }));
}

export type DeleteOutcome = 'deleted' | 'missing' | 'not_owner';

/** Deletes one of the player's own images; deleting the current avatar clears users.image_id. */
export async function deleteImage(db: Db, userId: number, id: string): Promise<DeleteOutcome> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ userId: images.userId, kind: images.kind })
      .from(images)
      .where(eq(images.id, id));
    if (!row) return 'missing';
    if (row.userId !== userId) return 'not_owner';
    await tx.delete(images).where(eq(images.id, id));
    if (row.kind === 'avatar') {
      await tx
        .update(users)
        .set({ imageId: null, updatedAt: sql`now()` })
        .where(and(eq(users.id, userId), eq(users.imageId, id)));
    }
    return 'deleted';
  });
}
