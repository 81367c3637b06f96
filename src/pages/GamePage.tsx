import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { Link, useLocation } from 'wouter';
import { useTranslation } from 'react-i18next';
import { route } from '../app/routes';
import {
  GameBelowSlot,
  GamePanelSlot,
  GameSceneSlot,
  gameManifestFor,
} from '../components/game/GameSlots';
import { authState } from '../state/auth';

/**
 * A game page under the game header. The game's scene (src/components/GameView.tsx) and its
 * control panel are mounted into the two slots below by each game's issue. Guests may look;
 * betting needs an account.
 */
export default function GamePage() {
  const { t } = useTranslation();
  const { user } = useSnapshot(authState);
  const [location] = useLocation();
  const manifest = gameManifestFor(location);
  const [settled, setSettled] = useState(0);
  return (
    <main className="page game-page" data-screen="game" data-game={manifest?.id}>
      <div className="game-page__stage">
        <div className="game-page__scene" data-slot="game-scene">
          {manifest ? <GameSceneSlot manifest={manifest} /> : null}
        </div>
        <aside className="game-page__panel" data-slot="game-panel" aria-label={t('game.controls')}>
          {user && manifest ? (
            <GamePanelSlot manifest={manifest} onSettled={() => setSettled((n) => n + 1)} />
          ) : user ? (
            <p className="muted">{t('game.coming_soon')}</p>
          ) : (
            <div className="game-page__guest">
              <p>{t('game.login_to_bet')}</p>
              <Link href={route('login')} className="btn btn--primary btn--block">
                {t('auth.login')}
              </Link>
              <Link href={route('register')} className="btn btn--secondary btn--block">
                {t('auth.register')}
              </Link>
            </div>
          )}
        </aside>
      </div>
      {user && manifest ? <GameBelowSlot manifest={manifest} refreshKey={settled} /> : null}
    </main>
  );
}
