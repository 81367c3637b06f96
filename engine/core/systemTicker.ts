import { Ticker } from 'pixi.js';

/** How often the engine's drawn frames run Pixi's system ticker. */
const SYSTEM_TICK_MS = 100;

/**
 * Pixi's system ticker (its pointer's hover re-checks over moving objects, its GPU garbage
 * collection) would run a requestAnimationFrame callback of its own every frame, on an idle page
 * too: about a tenth of a busy plinko frame's main-thread work. The engine stops it and runs it
 * from its own drawn frames a few times a second instead: nothing moves under the pointer in a
 * frame not drawn, and garbage collection can wait for the next one.
 */
export class SystemTicker {
  private last = -Infinity;

  constructor() {
    const ticker = Ticker.system;
    ticker.autoStart = false;
    ticker.stop();
  }

  /** Runs the system ticker's listeners if SYSTEM_TICK_MS passed since they last ran. */
  advance(now: number): void {
    if (now - this.last < SYSTEM_TICK_MS) return;
    this.last = now;
    Ticker.system.update(now);
  }
}
