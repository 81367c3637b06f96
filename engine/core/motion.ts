/** The effects a scene may leave out for a player who asked for less motion. */
export type MotionEffect = 'shake' | 'flash' | 'burst';

/**
 * The player's motion wishes as scenes read them (the shell sets them from the game settings),
 * and the effects scenes played or left out, counted for tests and the debug overlay.
 */
export class Motion {
  /** No screen shake, no flash, no particle burst (the player's setting or the system's wish). */
  reduced = false;
  readonly played: Record<MotionEffect, number> = { shake: 0, flash: 0, burst: 0 };
  readonly skipped: Record<MotionEffect, number> = { shake: 0, flash: 0, burst: 0 };

  /**
   * A scene asks before it starts an effect: true when it may play it. Counted either way, so a
   * test can tell that a win that would have flashed did not.
   */
  allow(effect: MotionEffect): boolean {
    if (this.reduced) {
      this.skipped[effect] += 1;
      return false;
    }
    this.played[effect] += 1;
    return true;
  }
}
