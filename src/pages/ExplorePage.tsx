import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import { useTranslation } from 'react-i18next';
import { route } from '../app/routes';
import { authState, fetchCreators, fetchPosts } from '../state/auth';
import { Avatar } from '../components/Avatar';
import { DataView, isEmptyJson } from '../components/DataView';
import { EmptyState } from '../components/EmptyState';

export default function ExplorePage() {
  const { t } = useTranslation();
  const { creators, posts } = useSnapshot(authState);

  useEffect(() => {
    void fetchCreators();
    void fetchPosts();
  }, []);

  return (
    <main className="page explore-page" data-screen="explore">
      <h1>{t('explore.title')}</h1>
      <section className="card">
        <h2>{t('explore.creators')}</h2>
        {creators.length === 0 ? (
          <EmptyState title={t('explore.creators_empty')} />
        ) : (
          <ul className="creator-grid">
            {creators.map((c) => (
              <li key={String(c.id)}>
                <Link href={route('profile', { uid: c.id })} className="creator-card">
                  <Avatar imageId={c.image_id ?? null} size="creator" alt="" />
                  <span>{c.name}</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="card">
        <h2>{t('explore.posts')}</h2>
        {isEmptyJson(posts) ? (
          <EmptyState title={t('explore.posts_empty')} />
        ) : (
          <DataView value={posts} />
        )}
      </section>
    </main>
  );
}
