import { lazy, Suspense, useMemo, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { GAME_MANIFESTS } from '../../../games/shared/catalog';
import { gameApi } from '../../../games/shared/api';
import { BetHistory } from '../../../games/shared/BetHistory';
import type { GameManifest } from '../../../games/shared/manifest';
import type { GamePanelProps } from '../../../games/shared/services';
import { gameRequest, gameServices } from '../../app/gameServices';
import { GAMES } from '../../app/games';
import { FairnessDialog } from '../fairness/FairnessDialog';
import { GameView } from '../GameView';

/** The manifest of the game whose route is `path`, when that game has a scene and a panel. */
export function gameManifestFor(path: string): GameManifest | null {
  const entry = GAMES.find((g) => g.path === path);
  return (entry && GAME_MANIFESTS[entry.id]) || null;
}

const panels = new Map<string, ComponentType<GamePanelProps>>();
function panelOf(manifest: GameManifest): ComponentType<GamePanelProps> {
  let panel = panels.get(manifest.id);
  if (!panel) {
    panel = lazy(manifest.loadPanel);
    panels.set(manifest.id, panel);
  }
  return panel;
}

/** The game's scene in the engine canvas. */
export function GameSceneSlot({ manifest }: { manifest: GameManifest }) {
  const [state, setState] = useState<'loading' | 'shown' | 'failed'>('loading');
  manifest.registerScene(); // idempotent: the engine keeps the first registration
  return (
    <div className="game-scene" data-scene-state={state}>
      <GameView
        scene={manifest.id}
        onShown={() => setState('shown')}
        onError={() => setState('failed')}
      />
    </div>
  );
}

/** The game's control panel, with the shell's services. */
export function GamePanelSlot({
  manifest,
  onSettled,
}: {
  manifest: GameManifest;
  onSettled: () => void;
}) {
  const Panel = panelOf(manifest);
  const services = useMemo(() => gameServices(true), []);
  return (
    <Suspense fallback={<span className="spinner" aria-hidden="true" />}>
      <Panel services={services} onSettled={onSettled} />
    </Suspense>
  );
}

/** Under the table: the fairness dialog's button and the player's bet history. */
export function GameBelowSlot({
  manifest,
  refreshKey,
}: {
  manifest: GameManifest;
  refreshKey: number;
}) {
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
        game={manifest.id}
        refreshKey={refreshKey}
        onVerify={(betId) => setFairness({ betId })}
      />
      {fairness ? (
        <FairnessDialog
          key={fairness.betId ?? 0}
          betId={fairness.betId}
          game={manifest.id}
          onClose={() => setFairness(null)}
        />
      ) : null}
    </div>
  );
}
