import { useEffect, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { Link, useLocation } from 'wouter';
import { useTranslation } from 'react-i18next';
import { route } from '../app/routes';
import {
  GameBelowSlot,
  GamePanelSlot,
  GameSceneSlot,
  playableGameAt,
} from '../components/game/GameSlots';
import { MAIN_ACTION, revealScene } from '../components/game/mainAction';
import { PlayNotice } from '../components/game/PlayNotice';
import { RealityCheck } from '../components/game/RealityCheck';
import { LazyLiveBets } from '../components/liveBets/LazyLiveBets';
import { authState } from '../state/auth';
import { loadGameSettings } from '../state/gameSettings';
import { loadPlayStatus } from '../state/play';

/**
 * A game page under the game header: the game's scene (src/components/GameView.tsx) and its
 * control panel. Guests may look; betting needs an account. The CSS lays the stage out (canvas
 * first on phones with the main action in a bottom bar; panel beside the canvas from 900 px).
 */
export default function GamePage() {
  const { t } = useTranslation();
  const { user } = useSnapshot(authState);
  const [location] = useLocation();
  const game = playableGameAt(location);
  const [settled, setSettled] = useState(0);
  const [sceneShown, setSceneShown] = useState(false);
  const stageRef = useRef<HTMLDivElement>(null);
  const sceneRef = useRef<HTMLDivElement>(null);
  const userId = user?.id ?? null;
  useEffect(() => {
    if (userId !== null) void loadPlayStatus(userId);
    void loadGameSettings(userId);
  }, [userId]);
  useEffect(() => {
    const stage = stageRef.current;
    if (!stage) return;
    // Starting a round shows the scene whole, wherever the page was scrolled to.
    const onClick = (event: MouseEvent) => {
      const action = event.target instanceof Element ? event.target.closest(MAIN_ACTION) : null;
      if (action && sceneRef.current) revealScene(sceneRef.current, action);
    };
    stage.addEventListener('click', onClick);
    return () => stage.removeEventListener('click', onClick);
  }, []);
  return (
    <main className="page game-page" data-screen="game" data-game={game?.id}>
      <div className="game-page__stage" ref={stageRef}>
        <div className="game-page__scene" data-slot="game-scene" ref={sceneRef}>
          {game ? <GameSceneSlot game={game} onShown={() => setSceneShown(true)} /> : null}
        </div>
        <aside className="game-page__panel" data-slot="game-panel" aria-label={t('game.controls')}>
          {user ? <PlayNotice /> : null}
          {game ? (
            // Guests see the whole panel; its action asks for an account (stake kept). The key
            // opens a fresh panel when the player signs in or out.
            <GamePanelSlot
              key={user ? 'player' : 'guest'}
              game={game}
              signedIn={user !== null}
              onSettled={() => setSettled((n) => n + 1)}
            />
          ) : (
            <p className="muted">{t('game.coming_soon')}</p>
          )}
          {game && !user ? (
            <p className="game-page__guest muted" data-testid="game-guest-note">
              {t('game.login_to_bet')} <Link href={route('login')}>{t('auth.login')}</Link>
              {' · '}
              <Link href={route('register')}>{t('auth.register')}</Link>
            </p>
          ) : null}
        </aside>
      </div>
      {user && game ? <GameBelowSlot game={game} refreshKey={settled} /> : null}
      {/* Below the stage: its place is only final once the scene and the panel are in. */}
      <LazyLiveBets watchFrom={sceneShown} />
      {userId !== null ? <RealityCheck userId={userId} /> : null}
    </main>
  );
}
