import { http } from './client';

/** What an upload is for (POST /api/images `kind`). */
export type ImageKind = 'avatar' | 'gallery';

export interface UploadedImage {
  image_id: string;
  kind: ImageKind;
  width: number;
  height: number;
}

export interface GalleryImage {
  image_id: string;
  width: number;
  height: number;
  created_at: string;
}

/** A settled bet as a profile shows it (no seeds). */
export interface PublicBet {
  id: number;
  game: string;
  amount: number;
  multiplier: number;
  payout: number;
  created_at: string;
}

export interface ProfileStats {
  bets: number;
  wagered: number;
  biggest_win: { payout: number; multiplier: number; game: string; created_at: string } | null;
  favourite_game: string | null;
}

/** GET /api/profile/{id}. */
export interface Profile {
  id: number;
  name: string;
  image_id: string | null;
  created_at: string;
  bets_hidden: boolean;
  stats: ProfileStats | null;
  recent_bets: PublicBet[];
}

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
