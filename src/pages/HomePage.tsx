import { useEffect, type CSSProperties } from 'react';
import { Link } from 'wouter';
import { useTranslation } from 'react-i18next';
import { prefetchGame, prefetchScreen, whenIdle } from '../app/prefetch';
import type { StaticKey } from '../i18n';
import { GAMES, gamePath, gameTitleKey } from '../../games/shared/catalog';

/**
 * The lobby: a tile per game. Plain links only; no engine code in this chunk. Once the lobby is
 * idle the game page's chunk loads in the background; a tile the player points at, touches or
 * focuses also loads its game's scene and panel.
 */
export default function HomePage() {
  const { t } = useTranslation();
  useEffect(() => {
    const first = GAMES.find((game) => game.status !== 'soon');
    return first ? whenIdle(() => prefetchScreen(gamePath(first))) : undefined;
  }, []);
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
              href={gamePath(game)}
              className="game-tile"
              data-game={game.id}
              data-status={game.status}
              style={{ '--tile-a': game.tile[0], '--tile-b': game.tile[1] } as CSSProperties}
              onPointerEnter={() => prefetchGame(game.id)}
              onTouchStart={() => prefetchGame(game.id)}
              onFocus={() => prefetchGame(game.id)}
            >
              <span className="game-tile__art" aria-hidden="true" />
              <span className="game-tile__name">{t(gameTitleKey(game) as StaticKey)}</span>
              <span className="game-tile__play">{t('home.play')}</span>
            </Link>
          </li>
        ))}
      </ul>
    </main>
  );
}
