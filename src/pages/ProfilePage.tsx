import { useCallback, useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { errorStatus } from '../api/client';
import type { GalleryImage, Profile } from '../../games/shared/wire/types';
import { imagesApi } from '../api/images';
import { route, type ScreenProps } from '../app/routes';
import { Avatar } from '../components/Avatar';
import { EmptyState } from '../components/EmptyState';
import { formatDate } from '../components/format';
import { authState } from '../state/auth';
import { Gallery } from './profile/Gallery';
import { ImageUploadButton } from './profile/ImageUploadButton';
import { RecentBets } from './profile/RecentBets';
import { StatTiles } from './profile/StatTiles';
import './profile/profile.css';

/** Gallery pictures a player may keep (the server's cap). */
const GALLERY_CAP = 50;

type Loaded =
  | { state: 'loading' }
  | { state: 'missing' }
  | { state: 'failed' }
  | { state: 'ready'; profile: Profile; gallery: GalleryImage[] };

/** The profile and gallery of one player, loaded together; `reload` fetches them again. */
function useProfile(uid: string | null) {
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (uid === null) return;
    let active = true;
    setLoaded({ state: 'loading' });
    Promise.all([imagesApi.profile(uid), imagesApi.gallery(uid)])
      .then(([profile, gallery]) => active && setLoaded({ state: 'ready', profile, gallery }))
      .catch((error: unknown) => {
        if (active) setLoaded({ state: errorStatus(error) === 404 ? 'missing' : 'failed' });
      });
    return () => {
      active = false;
    };
  }, [uid, attempt]);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { loaded, setLoaded, reload };
}

/**
 * A player's public profile (/profile/{uid}): name, picture, join date, stats, recent bets and
 * gallery. /gallery is the same screen for the signed-in player, whose own page (either route)
 * also offers the picture uploads and deletes.
 */
export default function ProfilePage({ routeName, params }: ScreenProps) {
  const { t, i18n } = useTranslation();
  const { user } = useSnapshot(authState);
  const uid = routeName === 'gallery' ? (user ? String(user.id) : null) : (params.uid ?? null);
  const own = user !== null && uid === String(user.id);
  const { loaded, setLoaded, reload } = useProfile(uid);

  if (uid === null) {
    return (
      <main className="page profile-page" data-screen="profile">
        <h1>{t('profile.gallery_title')}</h1>
        <EmptyState title={t('profile.gallery_sign_in')}>
          <Link className="btn btn--primary" href={route('login')}>
            {t('auth.login')}
          </Link>
        </EmptyState>
      </main>
    );
  }
  if (loaded.state !== 'ready') {
    return (
      <main
        className="page profile-page"
        data-screen="profile"
        aria-busy={loaded.state === 'loading'}
      >
        {loaded.state === 'loading' ? (
          <div className="profile-page__placeholder" aria-hidden="true" />
        ) : loaded.state === 'missing' ? (
          <EmptyState title={t('profile.not_found')} />
        ) : (
          <EmptyState title={t('profile.load_failed')}>
            <button type="button" className="btn btn--secondary" onClick={reload}>
              {t('profile.retry')}
            </button>
          </EmptyState>
        )}
      </main>
    );
  }

  const { profile, gallery } = loaded;
  // The signed-in player's own name and picture follow their changes at once.
  const name = own && user ? user.name : profile.name;
  const imageId = own && user ? user.image_id : profile.image_id;
  const setGallery = (next: GalleryImage[]) => setLoaded({ ...loaded, gallery: next });

  return (
    <main className="page profile-page" data-screen="profile" data-profile-id={profile.id}>
      <header className="card profile-page__header">
        <Avatar imageId={imageId} size="profile" alt={t('profile.picture_of', { name })} />
        <div className="profile-page__who">
          <h1 className="profile-page__name">{name}</h1>
          <p className="muted">
            {t('profile.member_since', { date: formatDate(profile.created_at, i18n.language) })}
          </p>
          {own ? (
            <>
              <ImageUploadButton kind="avatar" label={t('profile.avatar_upload')} />
              {routeName === 'gallery' ? (
                <Link
                  className="btn btn--link profile-page__public"
                  href={route('profile', { uid })}
                >
                  {t('profile.view_public')}
                </Link>
              ) : null}
            </>
          ) : null}
        </div>
      </header>

      {profile.stats ? (
        <section className="profile-page__section" aria-labelledby="profile-stats">
          <h2 id="profile-stats">{t('profile.stats_title')}</h2>
          <StatTiles stats={profile.stats} />
        </section>
      ) : null}

      <section className="card profile-page__section" aria-labelledby="profile-bets">
        <h2 id="profile-bets">{t('profile.recent_bets')}</h2>
        {profile.bets_hidden ? (
          <p className="muted">{t('profile.bets_hidden')}</p>
        ) : (
          <RecentBets bets={profile.recent_bets} />
        )}
      </section>

      <section className="card profile-page__section" aria-labelledby="profile-gallery">
        <div className="profile-page__section-head">
          <h2 id="profile-gallery">{t('profile.gallery_title')}</h2>
          {own ? (
            <span className="muted">
              {t('profile.gallery_count', { count: gallery.length, max: GALLERY_CAP })}
            </span>
          ) : null}
        </div>
        {own ? (
          <ImageUploadButton
            kind="gallery"
            label={t('profile.gallery_upload')}
            onUploaded={(image) =>
              setGallery([
                { ...image, created_at: new Date().toISOString() },
                ...gallery.filter((g) => g.image_id !== image.image_id),
              ])
            }
          />
        ) : null}
        {gallery.length > 0 ? (
          <Gallery
            images={gallery}
            ownerName={name}
            editable={own}
            onDeleted={(id) => setGallery(gallery.filter((g) => g.image_id !== id))}
          />
        ) : (
          <EmptyState
            title={t('profile.gallery_empty')}
            text={own ? t('profile.own_gallery_empty') : undefined}
          />
        )}
      </section>
    </main>
  );
}
