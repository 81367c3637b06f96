import { Link } from 'wouter';
import { useTranslation } from 'react-i18next';
import { GAMES } from '../app/games';

/** The lobby: a tile per game. Plain links only; no engine code in this chunk. */
export default function HomePage() {
  const { t } = useTranslation();
  return (
    <main className="page lobby" data-screen="home">
      <section className="lobby__hero">
        <h1>{t('home.heading')}</h1>
        <p className="muted">{t('home.subtitle')}</p>
      </section>
      <ul className="game-grid" aria-label={t('home.games_label')}>
        {GAMES.map((game) => (
          <li key={game.id}>
            <Link
              href={game.path}
              className={`game-tile game-tile--${game.id}`}
              data-game={game.id}
            >
              <span className="game-tile__art" aria-hidden="true" />
              <span className="game-tile__name">{t(game.titleKey)}</span>
              <span className="game-tile__play">{t('home.play')}</span>
            </Link>
          </li>
        ))}
      </ul>
    </main>
  );
}
