import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorBody, errorStatus } from '../../api/client';
import type { UploadedImage } from '../../../games/shared/wire/types';
import { imagesApi, MAX_IMAGE_BYTES, type ImageKind } from '../../api/images';
import { authState } from '../../state/auth';

const ACCEPTED = new Set(['image/png', 'image/jpeg', 'image/webp']);

/** The server's words for a refused upload: the first field error, else its message. */
function refusal(error: unknown): string | null {
  const body = errorBody(error);
  const errors = body?.errors;
  if (errors && typeof errors === 'object') {
    const first = Object.values(errors as Record<string, unknown>)[0];
    if (Array.isArray(first) && typeof first[0] === 'string') return first[0];
  }
  return typeof body?.message === 'string' && errorStatus(error) !== null ? body.message : null;
}

/**
 * One picture upload at a time: progress (0..100) while the bytes go out, then the server's
 * answer; a refused file's reason (a 422's field message) in `error`. An avatar becomes the
 * signed-in user's image_id at once, so the top bar and the profile show it without a reload.
 */
export function useImageUpload(kind: ImageKind, onUploaded?: (image: UploadedImage) => void) {
  const { t } = useTranslation();
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const upload = useCallback(
    async (file: File) => {
      setError(null);
      setDone(null);
      // Quick answers before sending 5 MB for nothing; the server decides in the end.
      if (file.type && !ACCEPTED.has(file.type)) return setError(t('profile.upload_wrong_type'));
      if (file.size > MAX_IMAGE_BYTES) return setError(t('profile.upload_too_large'));
      setProgress(0);
      try {
        const image = await imagesApi.upload(file, kind, (f) => setProgress(Math.round(f * 100)));
        if (kind === 'avatar' && authState.user) authState.user.image_id = image.image_id;
        setDone(kind === 'avatar' ? t('profile.avatar_done') : t('profile.gallery_done'));
        onUploaded?.(image);
      } catch (failure) {
        setError(refusal(failure) ?? t('profile.upload_failed'));
      } finally {
        setProgress(null);
      }
    },
    [kind, onUploaded, t],
  );

  return { upload, busy: progress !== null, progress, error, done };
}
