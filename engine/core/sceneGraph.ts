import { RenderGroup, type Container } from 'pixi.js';

/** What Pixi keeps of a render group that its public types leave out. */
interface OnRenderList {
  _onRenderContainers: Container[];
}

/**
 * Whether Pixi has anything to bring up to date in `group` or the render groups under it since it
 * last rendered them: a child added or removed, a transform, alpha, tint or visibility changed, a
 * sprite's texture, a text or a graphics' drawing changed, or a container with an onRender hook
 * (which runs at every render). Pixi clears these marks when it renders, so "nothing pending"
 * means the last frame drawn still shows the scene. It cannot see a particle moved in place or a
 * shader's uniform written: a scene that does those says so through SceneView.still().
 */
export function hasPendingChanges(group: RenderGroup): boolean {
  const watched = group as unknown as OnRenderList;
  if (group.structureDidChange) return true;
  if (group.childrenRenderablesToUpdate.index > 0) return true;
  if (watched._onRenderContainers.length > 0) return true;
  if (group.isCachedAsTexture && group.textureNeedsUpdate) return true;
  for (const depth in group.childrenToUpdate) {
    if (group.childrenToUpdate[depth]!.index > 0) return true;
  }
  return group.renderGroupChildren.some(hasPendingChanges);
}

type RenderGroupHook = 'addChild' | 'removeChild' | 'onChildUpdate' | 'onChildViewUpdate';
const HOOKED: readonly RenderGroupHook[] = [
  'addChild',
  'removeChild',
  'onChildUpdate',
  'onChildViewUpdate',
];
let changeListener: (() => void) | null = null;
let hooked = false;

/**
 * Calls `listener` whenever Pixi marks a change in any render group: the marks hasPendingChanges
 * reads (a child added or removed, a transform, alpha, tint or visibility changed, a texture, text
 * or drawing changed), as they are made. Pixi has no event for them, so its RenderGroup's four
 * marking methods are wrapped, once. The engine's sleeping loop wakes on it: a change made
 * outside the loop (a React layer's update, a pointer handler) is drawn in the next frame. One
 * listener (the engine is one); the listener is called often and must be cheap.
 */
export function watchSceneGraph(listener: () => void): void {
  changeListener = listener;
  if (hooked) return;
  hooked = true;
  const proto = RenderGroup.prototype as unknown as Record<
    RenderGroupHook,
    (this: RenderGroup, child: Container) => void
  >;
  for (const name of HOOKED) {
    const marked = proto[name];
    proto[name] = function (this: RenderGroup, child: Container) {
      changeListener?.();
      marked.call(this, child);
    };
  }
}
