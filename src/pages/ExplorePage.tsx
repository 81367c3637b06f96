import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import { useTranslation } from 'react-i18next';
import { route } from '../app/routes';
import { authState, fetchCreators, fetchPosts } from '../state/auth';
import { Avatar } from '../components/Avatar';
import { CreatorSearch } from '../components/CreatorSearch';
import { EmptyState } from '../components/EmptyState';
import { formatDate } from '../components/format';
import { GameTile } from '../components/lobby/GameTile';
import { postsOf } from '../api/posts';
import { GAMES } from '../../games/shared/registry/catalog';
import './explore/explore.css';

/** Explore: the games, a creator search, the top creators and the operators' posts. */
export default function ExplorePage() {
  const { t, i18n } = useTranslation();
  const { creators, posts } = useSnapshot(authState);
  const cards = postsOf(posts);

  useEffect(() => {
    void fetchCreators();
    void fetchPosts();
  }, []);

  return (
    <main className="page explore-page" data-screen="explore">
      <h1>{t('explore.title')}</h1>
      <section className="explore-page__section" aria-labelledby="explore-games">
        <h2 id="explore-games">{t('explore.games')}</h2>
        <ul className="game-grid">
          {GAMES.map((game) => (
            <li key={game.id}>
              <GameTile game={game} />
            </li>
          ))}
        </ul>
      </section>
      <div className="explore-page__columns">
        <section className="card explore-page__creators" aria-labelledby="explore-creators">
          <div className="explore-page__search" data-testid="explore-search">
            <h2>{t('explore.search_title')}</h2>
            <CreatorSearch />
            <p className="muted explore-page__hint">{t('explore.search_hint')}</p>
          </div>
          <h2 id="explore-creators">{t('explore.top_creators')}</h2>
          {creators.length === 0 ? (
            <EmptyState title={t('explore.creators_empty')} />
          ) : (
            <ol className="creator-grid" data-testid="top-creators">
              {creators.map((c) => (
                <li key={String(c.id)}>
                  <Link href={route('profile', { uid: c.id })} className="creator-card">
                    <Avatar imageId={c.image_id ?? null} size="creator" alt="" />
                    <span className="creator-card__name">{c.name}</span>
                  </Link>
                </li>
              ))}
            </ol>
          )}
        </section>
        <section className="explore-page__posts" aria-labelledby="explore-posts">
          <h2 id="explore-posts">{t('explore.posts')}</h2>
          {cards.length === 0 ? (
            <div className="card">
              <EmptyState title={t('explore.posts_empty')} />
            </div>
          ) : (
            <ul className="post-list">
              {cards.map((post) => (
                <li key={post.id}>
                  <article className="card post-card" data-testid="post-card">
                    <h3 className="post-card__title">{post.title}</h3>
                    <p className="post-card__body">{post.body}</p>
                    <footer className="post-card__meta">
                      <Avatar imageId={post.author?.image_id} size="navbar" alt="" />
                      <span className="post-card__author">
                        {post.author ? (
                          <Link href={route('profile', { uid: post.author.id })}>
                            {t('explore.posted_by', { name: post.author.name })}
                          </Link>
                        ) : (
                          t('explore.posted_by', { name: t('explore.unknown_author') })
                        )}
                      </span>
                      <time className="post-card__date muted" dateTime={post.created_at}>
                        {formatDate(post.created_at, i18n.language)}
                      </time>
                    </footer>
                  </article>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </main>
  );
}
