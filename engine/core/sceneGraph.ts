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
type Marking = (this: RenderGroup, child: Container) => void;
/** Pixi's own marking methods, taken before any alarm wrapped them. */
let pixisOwn: Record<RenderGroupHook, Marking> | null = null;

/** Arms and disarms a sceneGraphAlarm. */
export interface SceneGraphAlarm {
  arm(): void;
  disarm(): void;
}

/**
 * Calls `onChange` at the first change Pixi marks in any render group while armed: the marks
 * hasPendingChanges reads (a child added or removed, a transform, alpha, tint or visibility
 * changed, a texture, text or drawing changed), as they are made. Pixi has no event for them, so
 * arming wraps its RenderGroup's four marking methods and disarming puts Pixi's own back: the
 * engine arms it only while its loop sleeps, and its frames pay nothing for it.
 */
export function sceneGraphAlarm(onChange: () => void): SceneGraphAlarm {
  const proto = RenderGroup.prototype as unknown as Record<RenderGroupHook, Marking>;
  pixisOwn ??= Object.fromEntries(HOOKED.map((name) => [name, proto[name]])) as Record<
    RenderGroupHook,
    Marking
  >;
  const own = pixisOwn;
  let armed = false;
  const disarm = () => {
    if (!armed) return;
    armed = false;
    for (const name of HOOKED) proto[name] = own[name];
  };
  return {
    arm() {
      if (armed) return;
      armed = true;
      for (const name of HOOKED) {
        const marking = own[name];
        proto[name] = function (this: RenderGroup, child: Container) {
          disarm();
          onChange();
          marking.call(this, child);
        };
      }
    },
    disarm,
  };
}
