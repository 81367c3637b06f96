import { describe, expect, it } from 'vitest';
import { ADAPTIVE_RESOLUTION, AdaptiveResolution } from '../../../engine/core/AdaptiveResolution';

const FRAME = 1000 / 60;
const { WINDOW, WINDOW_MS, STEP, MIN_SCALE, CLEAN_WINDOWS } = ADAPTIVE_RESOLUTION;

/** Feeds one window: `late` frames of two display intervals among on-time ones. */
function feedWindow(adaptive: AdaptiveResolution, late: number, interval = FRAME): boolean {
  let changed = false;
  for (let i = 0; i < WINDOW; i++) {
    changed = adaptive.record(i < late ? 2 * interval : interval) || changed;
  }
  return changed;
}

describe('adaptive resolution', () => {
  it('keeps full resolution while frames are on time, and while few are late', () => {
    const adaptive = new AdaptiveResolution();
    for (let w = 0; w < 20; w++) expect(feedWindow(adaptive, w % 2 ? 5 : 0)).toBe(false);
    expect(adaptive.scale).toBe(1);
  });

  it('steps down while a tenth of the frames are late, never below the minimum', () => {
    const adaptive = new AdaptiveResolution();
    expect(feedWindow(adaptive, 6)).toBe(true);
    expect(adaptive.scale).toBe(1 - STEP);
    for (let w = 0; w < 10; w++) feedWindow(adaptive, 30);
    expect(adaptive.scale).toBe(MIN_SCALE);
  });

  it('counts slow frames as late even when most of a window is slow', () => {
    const adaptive = new AdaptiveResolution();
    feedWindow(adaptive, 0); // the display's 60 Hz interval is learnt from on-time frames
    expect(feedWindow(adaptive, WINDOW)).toBe(true); // then every frame takes two intervals
    // 60 frames of two intervals last two seconds: two windows, a step each.
    expect(adaptive.scale).toBe(1 - 2 * STEP);
  });

  it('reads the display rate from the frames: 120 Hz frames of 16.7 ms are late', () => {
    const adaptive = new AdaptiveResolution();
    feedWindow(adaptive, 0, 1000 / 120);
    expect(feedWindow(adaptive, 10, 1000 / 120)).toBe(true);
    const at60 = new AdaptiveResolution();
    for (let w = 0; w < 5; w++) feedWindow(at60, 0, FRAME);
    expect(at60.scale).toBe(1);
  });

  it('steps back up after clean windows, and waits twice as long after a failed step up', () => {
    const adaptive = new AdaptiveResolution();
    feedWindow(adaptive, 10);
    for (let w = 1; w < CLEAN_WINDOWS; w++) expect(feedWindow(adaptive, 0)).toBe(false);
    expect(feedWindow(adaptive, 0)).toBe(true);
    expect(adaptive.scale).toBe(1);
    // Full resolution is too much again at once: down, and the next try waits 2 x as long.
    expect(feedWindow(adaptive, 10)).toBe(true);
    for (let w = 1; w < 2 * CLEAN_WINDOWS; w++) expect(feedWindow(adaptive, 0)).toBe(false);
    expect(feedWindow(adaptive, 0)).toBe(true);
    expect(adaptive.scale).toBe(1);
  });

  it('steps down within a second on a device that never draws in time (8 frames a second)', () => {
    const adaptive = new AdaptiveResolution();
    const slow = 125;
    const changes: number[] = [];
    for (let frame = 1; frame <= 24; frame++) if (adaptive.record(slow)) changes.push(frame);
    // A window of a second each: three steps in three seconds, not one after 60 frames (7.5 s).
    expect(changes).toEqual([WINDOW_MS / slow, (2 * WINDOW_MS) / slow, (3 * WINDOW_MS) / slow]);
    expect(adaptive.scale).toBe(1 - 3 * STEP);
  });

  it('keeps full resolution on a 30 Hz display drawing every frame in time', () => {
    const adaptive = new AdaptiveResolution();
    for (let w = 0; w < 10; w++) feedWindow(adaptive, 0, 1000 / 30);
    expect(adaptive.scale).toBe(1);
  });

  it('does nothing when switched off', () => {
    const adaptive = new AdaptiveResolution(false);
    expect(feedWindow(adaptive, WINDOW)).toBe(false);
    expect(adaptive.scale).toBe(1);
  });
});
