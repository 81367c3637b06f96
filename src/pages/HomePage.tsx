import { Link } from 'wouter';
import { useTranslation } from 'react-i18next';
import { GAMES } from '../app/games';
import { usePageTitle } from '../app/usePageTitle';

export default function HomePage() {
  const { t } = useTranslation();
  usePageTitle(t('home.title'));
  return (
    <main className="page lobby">
      <h1>{t('home.heading')}</h1>
      <ul className="game-grid">
        {GAMES.map((game) => (
          <li key={game.id}>
            <Link href={game.path} className="game-tile" data-game={game.id}>
              <span className="game-tile__name">{t(game.titleKey)}</span>
              <span className="game-tile__play">{t('home.play')}</span>
            </Link>
          </li>
        ))}
      </ul>
    </main>
  );
}
