// A React tree (@pixi/react) inside a scene: for the UI-like layers of a scene (HUD, result
// overlay, pay table, multiplier ladder, a live readout), driven by the same state as the panel.
// The tree's Pixi objects live in a Container the scene owns, inside the engine's stage, and are
// drawn by the engine's one Application in its own frame; no second Application, canvas or
// ticker. The engine and the physics views stay imperative. Only game chunks import this module
// (it brings react-reconciler), never the lobby.
import { createRoot, extend } from '@pixi/react';
import { Container, Graphics, Sprite, Text } from 'pixi.js';
import type { ReactNode } from 'react';
import type { SceneContext } from '../../../engine/index';

// The Pixi classes a layer can use as <pixiContainer>, <pixiGraphics>, <pixiSprite>, <pixiText>;
// a layer that needs more calls extend() (or useExtend) itself.
extend({ Container, Graphics, Sprite, Text });

interface LayerRoot {
  root: ReturnType<typeof createRoot>;
  /** The container the root renders into. */
  container: Container;
}

/** Roots of destroyed layers, reused by the next layer (@pixi/react keeps every root it makes). */
const spareRoots: LayerRoot[] = [];

function newRoot(): LayerRoot {
  // createRoot keys its root by a canvas and makes an Application whose stage the tree renders
  // into; that Application is never initialised or drawn: its stage joins the engine's tree.
  const root = createRoot(document.createElement('canvas'));
  return { root, container: root.applicationState.app.stage };
}

export interface ReactLayer {
  /** The layer's container (a child of the parent given to mountReactLayer). */
  readonly container: Container;
  /** Renders a new element (new props) into the layer. */
  render(element: ReactNode): void;
  /** Unmounts the tree (its Pixi objects are destroyed) and takes the container out. */
  destroy(): void;
}

/**
 * Mounts `element` into a new container under `parent` (the scene's root by default). Call it in
 * the view's create(ctx) and call destroy() in the view's destroy(). React commits asynchronously:
 * a change shows in the engine's next frame or the one after.
 * Inside the tree, useApplication() answers the engine's Application; useTick() does not run
 * (the engine drives its own loop): animate from state, or from the scene's update()/render().
 */
export function mountReactLayer(
  ctx: SceneContext,
  element: ReactNode,
  parent: Container = ctx.root,
): ReactLayer {
  const app = ctx.engine.application;
  if (!app) throw new Error('mountReactLayer needs the engine initialised (call it from create)');
  const layerRoot = spareRoots.pop() ?? newRoot();
  const { root, container } = layerRoot;
  // Hooks inside the tree see the engine's Application, and render() never initialises one.
  root.applicationState.app = app;
  root.applicationState.isInitialised = true;
  container.label = 'react-layer';
  parent.addChild(container);
  let mounted = true;
  const render = (next: ReactNode) => {
    if (mounted) void root.render(next, {});
  };
  render(element);
  return {
    container,
    render,
    destroy() {
      if (!mounted) return;
      mounted = false;
      container.removeFromParent();
      void root.render(null, {});
      spareRoots.push(layerRoot);
    },
  };
}
