import { useState } from 'react';
import { WinCelebration } from '../../../games/shared/celebration/WinCelebration';
import { registerGameScene } from '../../../games/shared/scene/registerScene';
import type { PlayableGame } from '../../../games/shared/registry/definition';
import { GameView } from '../GameView';
import { useEngineSettings } from './engineSettings';

/**
 * The game's scene in the engine canvas, and a won round's celebration over it; data-scene-state
 * says whether the scene is shown yet.
 */
export default function GameSceneSlot({
  game,
  onShown,
}: {
  game: PlayableGame;
  onShown?: () => void;
}) {
  const [state, setState] = useState<'loading' | 'shown' | 'failed'>('loading');
  registerGameScene(game); // idempotent: the engine keeps the first registration
  useEngineSettings();
  return (
    <div className="game-scene" data-scene-state={state}>
      <GameView
        scene={game.id}
        onShown={() => {
          setState('shown');
          onShown?.();
        }}
        onError={() => setState('failed')}
      />
      <WinCelebration />
    </div>
  );
}
