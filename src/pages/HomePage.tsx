import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { loadSceneSlot, prefetchScreen, whenIdle } from '../app/prefetch';
import { GAMES, gamePath } from '../../games/shared/registry/catalog';
import { GameTile } from '../components/lobby/GameTile';
import { OriginalsBanner } from '../components/lobby/OriginalsBanner';
import { LazyLiveBets } from '../components/liveBets/LazyLiveBets';

/**
 * The lobby: the Originals banner and a tile per game (src/components/lobby/). Plain links only;
 * no engine code in this chunk, and each tile's RTP loads its rules after the first paint. Once
 * the lobby is idle the game page's chunk loads in the background; a tile the player points at,
 * touches or focuses also loads its game's scene and panel.
 */
export default function HomePage() {
  const { t } = useTranslation();
  useEffect(() => {
    const first = GAMES.find((game) => game.status !== 'soon');
    if (!first) return undefined;
    return whenIdle(() => {
      prefetchScreen(gamePath(first));
      loadSceneSlot().catch(() => undefined); // a failure shows when a game is opened
    });
  }, []);
  return (
    <main className="page lobby" data-screen="home">
      <OriginalsBanner />
      <ul className="game-grid" aria-label={t('home.games_label')}>
        {GAMES.map((game, index) => (
          <li key={game.id}>
            <GameTile game={game} eager={index < 4} />
          </li>
        ))}
      </ul>
      <LazyLiveBets />
    </main>
  );
}
