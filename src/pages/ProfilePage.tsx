import { useSnapshot } from 'valtio';
import { useTranslation } from 'react-i18next';
import type { ScreenProps } from '../app/routes';
import { authState } from '../state/auth';
import { Avatar } from '../components/Avatar';
import { EmptyState } from '../components/EmptyState';
import { formatDate } from '../components/format';

/** A creator's profile (/profile/{uid}); /gallery shows the signed-in user's own. */
export default function ProfilePage({ params }: ScreenProps) {
  const { t, i18n } = useTranslation();
  const { user } = useSnapshot(authState);
  const own = params.uid === undefined || (user !== null && String(user.id) === params.uid);
  const name =
    own && user
      ? user.name
      : params.uid
        ? t('profile.creator', { id: params.uid })
        : t('profile.gallery_title');
  return (
    <main className="page profile-page" data-screen="profile">
      <header className="profile-page__header">
        <Avatar
          imageId={own ? user?.image_id : null}
          size="profile"
          alt={t('profile.picture_of', { name })}
        />
        <div>
          <h1>{name}</h1>
          {own && user ? (
            <p className="muted">
              {t('profile.member_since', { date: formatDate(user.created_at, i18n.language) })}
            </p>
          ) : null}
        </div>
      </header>
      <section className="card">
        <h2>{t('profile.gallery_title')}</h2>
        <EmptyState title={t('profile.gallery_empty')} />
      </section>
    </main>
  );
}
