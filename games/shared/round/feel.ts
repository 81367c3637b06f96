import { getEngine } from '../../../engine/index';
import type { GameServices } from '../wire/services';

/**
 * Runs an animation with the shown scene fast-forwarded to its end (instant mode): the scene
 * steps as fast as the processor allows, without drawing or sound, until the animation resolves,
 * so the next frame shows the result and the top bar moves at once.
 */
export async function fastForwarded<T>(run: () => Promise<T>): Promise<T> {
  let ended = false;
  const played = run().finally(() => {
    ended = true;
  });
  await getEngine().fastForward(() => ended);
  return played;
}

/** How long a stepped game's move may animate (a board's reveal, a dig): fast-forwarded at once. */
const STEP_ANIMATION_SECONDS = 3;

/** Instant mode after a stepped game's move: its reveal shown at once (once the scene has it). */
export function skipStepAnimation(): void {
  // The scene gets the new board with the panel's next render (useSceneConfig's effect).
  setTimeout(() => void getEngine().fastForward(() => false, STEP_ANIMATION_SECONDS), 0);
}

/** A short vibration (a cash-out, a big win) when the player has haptics on and the device can. */
export function hapticPulse(services: Pick<GameServices, 'feel'>, pattern: number | number[]) {
  if (!services.feel.get().haptics) return;
  const device = globalThis.navigator as Navigator | undefined;
  if (typeof device?.vibrate === 'function') device.vibrate(pattern);
}
