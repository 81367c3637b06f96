import { useSnapshot } from 'valtio';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../components/Avatar';
import { authState } from '../../state/auth';
import { ImageUploadButton } from './ImageUploadButton';
import './profile.css';

/** The settings' profile picture: the current one and a button to replace it. */
export function AvatarSettings() {
  const { t } = useTranslation();
  const { user } = useSnapshot(authState);
  if (!user) return null;
  return (
    <section className="avatar-settings" aria-labelledby="avatar-settings-title">
      <h3 id="avatar-settings-title">{t('profile.avatar_title')}</h3>
      <div className="avatar-settings__row">
        <Avatar
          imageId={user.image_id}
          size="profile"
          alt={t('profile.picture_of', { name: user.name })}
        />
        <ImageUploadButton kind="avatar" label={t('profile.avatar_upload')} />
      </div>
    </section>
  );
}
