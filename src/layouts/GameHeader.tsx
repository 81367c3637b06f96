import { Link } from 'wouter';
import { useTranslation } from 'react-i18next';
import type { StaticKey } from '../i18n';
import { gameById, gameTitleKey } from '../../games/shared/registry/catalog';
import { route } from '../app/routes';
import { Logo } from '../components/Logo';

/** The game header: back link, logo and the game's name. */
export function GameHeader({ game }: { game: string }) {
  const { t } = useTranslation();
  const entry = gameById(game);
  return (
    <div className="game-header">
      <Link href={route('home')} className="game-header__back">
        <span aria-hidden="true">←</span>
        <span className="game-header__back-text">{t('game.back')}</span>
      </Link>
      <Logo size={28} />
      <h1 className="game-header__name">{entry ? t(gameTitleKey(entry) as StaticKey) : game}</h1>
    </div>
  );
}
