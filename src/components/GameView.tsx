import { useEffect, useRef } from 'react';
import { useSnapshot } from 'valtio';
import { getEngine, type Engine } from '../../engine';
import { uiState } from '../state/ui';

export interface GameViewProps {
  /** Scene id registered with the engine (a game's scene, or the engine's 'demo' / 'physics'). */
  scene: string;
  /** Passed to the scene's init(data) and simulation; a change (by value) re-shows the scene. */
  data?: unknown;
  /** Asset loading progress of the scene, 0..1 (feed it into a progress bar). */
  onProgress?: (progress: number) => void;
  /** The scene is shown and takes input. */
  onShown?: (engine: Engine) => void;
  onError?: (error: unknown) => void;
  className?: string;
}

/**
 * Hosts the app's one engine canvas; it fills its parent's box, so the parent decides the size
 * (the scene lays itself out for it, and again whenever it changes). Mounting attaches the canvas and shows the scene; unmounting
 * hides the scene into the engine's pool and takes the canvas back, without destroying the WebGL
 * context. StrictMode's mount-unmount-mount is harmless: attach/detach are by container, and a
 * release only hides the scene this view asked for.
 */
export function GameView({ scene, data, onProgress, onShown, onError, className }: GameViewProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const callbacks = useRef({ onProgress, onShown, onError });
  useEffect(() => {
    callbacks.current = { onProgress, onShown, onError };
  });
  const dataKey = JSON.stringify(data ?? null);

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const engine = getEngine();
    engine.attach(container);
    return () => engine.detach(container);
  }, []);

  useEffect(() => {
    const engine = getEngine();
    let active = true;
    const offProgress = engine.scenes.events.on('progress', (event) => {
      if (active && event.sceneId === scene) callbacks.current.onProgress?.(event.progress);
    });
    const { ticket, done } = engine.show(scene, JSON.parse(dataKey) as unknown);
    done.then(
      () => active && callbacks.current.onShown?.(engine),
      (error: unknown) => active && callbacks.current.onError?.(error),
    );
    return () => {
      active = false;
      offProgress();
      void engine.release(ticket).catch(() => undefined);
    };
  }, [scene, dataKey]);

  // A modal dialog covers the scene: pause it (a live round resyncs, an arcade round stops).
  // Dialogs are in the entry chunk and cannot import the engine; they count themselves in uiState.
  const covered = useSnapshot(uiState).modalsOpen > 0;
  useEffect(() => (covered ? getEngine().pauseScene() : undefined), [covered]);

  return (
    <div
      ref={containerRef}
      className={className ?? 'game-view'}
      data-testid="game-view"
      data-scene={scene}
      style={{ position: 'relative', width: '100%', height: '100%' }}
    />
  );
}
