import type { GalleryImage, Profile, UploadedImage } from '../../games/shared/wire/types';
import { http } from './client';

/** What an upload is for (POST /api/images `kind`). */
export type ImageKind = 'avatar' | 'gallery';

/** The file types the server takes, for the file picker's `accept`. */
export const IMAGE_ACCEPT = 'image/png,image/jpeg,image/webp';
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

// Screens show these answers' errors themselves (inline), so failures open no dialog.
const quiet = { silent: true } as const;

export const imagesApi = {
  profile: (uid: string) =>
    http.get<Profile>(`/api/profile/${encodeURIComponent(uid)}`, quiet).then((r) => r.data),
  gallery: (uid: string | number) =>
    http
      .get<{ data: GalleryImage[] }>(`/api/users/${encodeURIComponent(uid)}/images`, quiet)
      .then((r) => r.data.data),
  /** multipart: `file` and `kind`; `onProgress` gets 0..1 as the bytes go out. */
  upload: (file: File, kind: ImageKind, onProgress?: (fraction: number) => void) => {
    const form = new FormData();
    form.append('kind', kind);
    form.append('file', file);
    return http
      .post<UploadedImage>('/api/images', form, {
        ...quiet,
        onUploadProgress: (event) => {
          if (event.total) onProgress?.(event.loaded / event.total);
        },
      })
      .then((r) => r.data);
  },
  remove: (imageId: string) =>
    http.delete(`/api/images/${encodeURIComponent(imageId)}`, quiet).then(() => undefined),
};
