import { lazy, Suspense, useEffect, useMemo, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { startRendererProbe } from '../../../engine/preflight';
import { gameApi } from '../../../games/shared/round/api';
import { BetHistory } from '../../../games/shared/panel/BetHistory';
import { GAMES, gamePath } from '../../../games/shared/registry/catalog';
import { isPlayable, type PlayableGame } from '../../../games/shared/registry/definition';
import type { GamePanelProps } from '../../../games/shared/wire/services';
import { gameRequest, gameServices } from '../../app/gameServices';
import { afterNextPaint, loadedSceneSlot, loadSceneSlot } from '../../app/prefetch';
import { LazyFairnessDialog as FairnessDialog } from '../fairness/LazyFairnessDialog';

/** The game whose route is `path`, when that game has a scene and a panel. */
export function playableGameAt(path: string): PlayableGame | null {
  const game = GAMES.find((g) => gamePath(g) === path);
  return game && isPlayable(game) ? game : null;
}

const panels = new Map<string, ComponentType<GamePanelProps>>();
function panelOf(game: PlayableGame): ComponentType<GamePanelProps> {
  let panel = panels.get(game.id);
  if (!panel) {
    panel = lazy(game.panel);
    panels.set(game.id, panel);
  }
  return panel;
}

/**
 * The game's scene in the engine canvas (data-scene-state: loading, shown or failed). The scene's
 * code (the engine and Pixi) is asked for after the page's first paint, so the page's text and
 * panel never wait for it; when the lobby fetched it ahead, it shows at once. (No Suspense here:
 * React holds back content that resolves behind a shown fallback for up to 300 ms.)
 */
export function GameSceneSlot({ game, onShown }: { game: PlayableGame; onShown?: () => void }) {
  const [Slot, setSlot] = useState(() => loadedSceneSlot());
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (Slot) return;
    let active = true;
    const cancel = afterNextPaint(() => {
      // The engine's renderer choice waits for this answer: asked while its code downloads.
      startRendererProbe();
      loadSceneSlot().then(
        (module) => active && setSlot(() => module.default),
        () => active && setFailed(true),
      );
    });
    return () => {
      active = false;
      cancel();
    };
  }, [Slot]);
  if (Slot) return <Slot game={game} onShown={onShown} />;
  return <div className="game-scene" data-scene-state={failed ? 'failed' : 'loading'} />;
}

/** The game's control panel, with the shell's services. */
export function GamePanelSlot({
  game,
  onSettled,
  signedIn,
}: {
  game: PlayableGame;
  onSettled: () => void;
  /** A guest's panel works as a player's; its bet asks for a sign-in first. */
  signedIn: boolean;
}) {
  const Panel = panelOf(game);
  const services = useMemo(() => gameServices(signedIn), [signedIn]);
  return (
    <Suspense fallback={<span className="spinner" aria-hidden="true" />}>
      <Panel services={services} onSettled={onSettled} />
    </Suspense>
  );
}

/** Under the table: the fairness dialog's button and the player's bet history. */
export function GameBelowSlot({ game, refreshKey }: { game: PlayableGame; refreshKey: number }) {
  const { t } = useTranslation();
  const api = useMemo(() => gameApi(gameRequest), []);
  const [fairness, setFairness] = useState<{ betId: number | null } | null>(null);
  return (
    <div className="game-page__below">
      <div className="game-page__tools">
        <button
          type="button"
          className="btn btn--secondary"
          onClick={() => setFairness({ betId: null })}
          data-testid="open-fairness"
        >
          {t('fairness.open')}
        </button>
      </div>
      <BetHistory
        api={api}
        game={game.id}
        refreshKey={refreshKey}
        onVerify={(betId) => setFairness({ betId })}
      />
      {fairness ? (
        <Suspense fallback={null}>
          <FairnessDialog
            key={fairness.betId ?? 0}
            betId={fairness.betId}
            game={game.id}
            onClose={() => setFairness(null)}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
