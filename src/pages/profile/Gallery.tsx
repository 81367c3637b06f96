import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { GalleryImage } from '../../../games/shared/wire/types';
import { imagesApi } from '../../api/images';
import { imageUrl } from '../../components/Avatar';
import { FormAlert } from '../../components/FormAlert';
import { formatDate } from '../../components/format';

/** A player's pictures as square tiles (each opens the full picture); the owner can delete. */
export function Gallery({
  images,
  ownerName,
  editable,
  onDeleted,
}: {
  images: readonly GalleryImage[];
  ownerName: string;
  editable: boolean;
  onDeleted: (imageId: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const [deleting, setDeleting] = useState<string | null>(null);
  const [status, setStatus] = useState<{ text: string; kind: 'error' | 'success' } | null>(null);

  const remove = async (image: GalleryImage) => {
    setDeleting(image.image_id);
    setStatus(null);
    try {
      await imagesApi.remove(image.image_id);
      onDeleted(image.image_id);
      setStatus({ text: t('profile.deleted'), kind: 'success' });
    } catch {
      setStatus({ text: t('profile.delete_failed'), kind: 'error' });
    } finally {
      setDeleting(null);
    }
  };

  return (
    <>
      <div aria-live="polite">
        {status ? <FormAlert text={status.text} kind={status.kind} /> : null}
      </div>
      <ul className="gallery-grid" data-testid="gallery">
        {images.map((image) => {
          const date = formatDate(image.created_at, i18n.language);
          return (
            <li key={image.image_id} className="gallery-grid__item" data-image-id={image.image_id}>
              <a href={imageUrl(image.image_id)} target="_blank" rel="noreferrer">
                <img
                  src={imageUrl(image.image_id)}
                  alt={t('profile.gallery_picture_of', { name: ownerName, date })}
                  width={image.width}
                  height={image.height}
                  loading="lazy"
                  decoding="async"
                />
              </a>
              {editable ? (
                <button
                  type="button"
                  className="btn btn--danger gallery-grid__delete"
                  disabled={deleting !== null}
                  aria-label={t('profile.delete_label', { date })}
                  onClick={() => void remove(image)}
                >
                  {deleting === image.image_id ? t('profile.deleting') : t('profile.delete')}
                </button>
              ) : null}
            </li>
          );
        })}
      </ul>
    </>
  );
}
