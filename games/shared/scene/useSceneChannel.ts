import { useEffect, useMemo, useRef } from 'react';
import type { SceneChannel, SceneConfigOf } from './SceneChannel';

type Handlers = Partial<Record<string, (...args: never[]) => unknown>>;

/**
 * Stable functions that call the latest render's handlers of the same names: a subscription
 * made once (per set of names) always reaches the newest closures.
 */
function useForwarders<H extends Handlers>(handlers: H): H {
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });
  const names = Object.keys(handlers).sort().join(' ');
  return useMemo(
    () =>
      Object.fromEntries(
        names
          .split(' ')
          .map((name) => [name, (...args: never[]) => latest.current[name]?.(...args)]),
      ) as H,
    [names],
  );
}

/**
 * Keeps the panel's config for its scene on the channel: the scene gets it when it shows and
 * on every change (pass a value whose identity changes only when it does: state or useMemo).
 */
export function useSceneConfig<SceneApi extends object, Events extends object>(
  channel: SceneChannel<SceneApi, Events>,
  config: SceneConfigOf<SceneApi>,
): void {
  useEffect(() => channel.configure(config), [channel, config]);
  useEffect(() => () => channel.forgetConfig(), [channel]);
}

/**
 * The panel's handlers for the key actions its scene passes on (the scene declares the keys,
 * e.g. `{ name: 'bet', keys: ['Space'] }`; see "Keyboard" in docs/developers/game-kit.md).
 */
export function useSceneActions<SceneApi extends object, Events extends object>(
  channel: SceneChannel<SceneApi, Events>,
  handlers: Record<string, () => void>,
): void {
  const forward = useForwarders(handlers);
  useEffect(() => channel.onAction(forward), [channel, forward]);
}

/** The panel's handlers for what its scene reports (a tile tapped, balls in flight). */
export function useSceneEvents<SceneApi extends object, Events extends object>(
  channel: SceneChannel<SceneApi, Events>,
  handlers: Partial<Events>,
): void {
  const forward = useForwarders(handlers as Handlers) as Partial<Events>;
  useEffect(() => channel.listen(forward), [channel, forward]);
}
