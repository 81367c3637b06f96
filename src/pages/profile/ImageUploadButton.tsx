import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { UploadedImage } from '../../../games/shared/wire/types';
import { IMAGE_ACCEPT, type ImageKind } from '../../api/images';
import { FormAlert } from '../../components/FormAlert';
import { useImageUpload } from './useImageUpload';
import './profile.css';

/**
 * A file picker dressed as a button: choosing a file uploads it at once, with its progress on
 * the button and the outcome (or the server's reason for refusing it) below.
 */
export function ImageUploadButton({
  kind,
  label,
  onUploaded,
}: {
  kind: ImageKind;
  label: string;
  onUploaded?: (image: UploadedImage) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const { upload, busy, progress, error, done } = useImageUpload(kind, onUploaded);
  return (
    <div className="image-upload" data-upload={kind}>
      <input
        ref={input}
        id={id}
        className="image-upload__input"
        type="file"
        accept={IMAGE_ACCEPT}
        disabled={busy}
        aria-describedby={`${id}-hint`}
        data-testid={`upload-${kind}`}
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          event.currentTarget.value = '';
          if (file) void upload(file);
        }}
      />
      <label
        htmlFor={id}
        className={`btn btn--secondary image-upload__button${busy ? ' is-busy' : ''}`}
      >
        {busy ? <span className="spinner" aria-hidden="true" /> : null}
        {busy ? t('profile.uploading', { percent: progress ?? 0 }) : label}
      </label>
      {busy ? (
        <progress
          className="image-upload__progress"
          max={100}
          value={progress ?? 0}
          aria-label={label}
        />
      ) : null}
      <p id={`${id}-hint`} className="muted image-upload__hint">
        {t('profile.upload_hint')}
      </p>
      <div aria-live="polite">
        <FormAlert text={error} />
        <FormAlert text={done} kind="success" />
      </div>
    </div>
  );
}
