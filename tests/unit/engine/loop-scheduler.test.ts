import { describe, expect, it } from 'vitest';
import { LOOK_EVERY_MS, LoopScheduler, SLEEP_AFTER_MS } from '../../../engine/core/LoopScheduler';

const FRAME_MS = 1000 / 60;

/** A clock whose animation frames and timers run only when the test advances it. */
function manualClock() {
  let now = 0;
  let nextHandle = 1;
  const frames = new Map<number, (now: number) => void>();
  const timers = new Map<number, { at: number; run: () => void }>();
  const clock = {
    now: () => now,
    requestFrame: (callback: (now: number) => void) => {
      frames.set(nextHandle, callback);
      return nextHandle++;
    },
    cancelFrame: (handle: number) => void frames.delete(handle),
    setTimer: (run: () => void, ms: number) => {
      timers.set(nextHandle, { at: now + ms, run });
      return nextHandle++ as unknown as ReturnType<typeof setTimeout>;
    },
    clearTimer: (handle: ReturnType<typeof setTimeout>) =>
      void timers.delete(handle as unknown as number),
  };
  /** Advances by `ms` in frames of 60 Hz, running the frame asked for (if any) and due timers. */
  const advance = (ms: number) => {
    const end = now + ms;
    while (now < end) {
      now = Math.min(end, now + FRAME_MS);
      for (const [handle, timer] of [...timers]) {
        if (timer.at > now) continue;
        timers.delete(handle);
        timer.run();
      }
      const pending = [...frames];
      frames.clear();
      for (const [, callback] of pending) callback(now);
    }
  };
  return { clock, advance, pendingFrames: () => frames.size, pendingTimers: () => timers.size };
}

function scheduler(draws: () => boolean) {
  const time = manualClock();
  let frames = 0;
  const wokeAt: number[] = [];
  const sleptAt: number[] = [];
  const loop = new LoopScheduler(
    () => {
      frames += 1;
      return draws();
    },
    { waking: (now) => void wokeAt.push(now), sleeping: () => void sleptAt.push(time.clock.now()) },
    time.clock,
  );
  return { loop, time, frames: () => frames, wokeAt, sleptAt };
}

describe('the engine loop scheduler', () => {
  it('runs a frame per animation frame while it draws', () => {
    const { loop, time, frames } = scheduler(() => true);
    loop.start();
    time.advance(2000);
    expect(frames()).toBeGreaterThanOrEqual(119);
    expect(loop.awake).toBe(true);
    expect(loop.counters.sleeps).toBe(0);
  });

  it('sleeps after SLEEP_AFTER_MS without a frame drawn, asking for no frame after', () => {
    const { loop, time, frames, sleptAt } = scheduler(() => false);
    loop.start();
    time.advance(SLEEP_AFTER_MS + 100);
    expect(loop.sleeping).toBe(true);
    expect(sleptAt).toHaveLength(1);
    expect(time.pendingFrames()).toBe(0);
    const slept = frames();
    expect(slept).toBeGreaterThanOrEqual(Math.floor(SLEEP_AFTER_MS / FRAME_MS) - 1);
    // Asleep: only the safety look runs a frame, once per LOOK_EVERY_MS.
    time.advance(3 * LOOK_EVERY_MS);
    expect(frames() - slept).toBe(3);
    // The owner hears of the sleep again after each look (a look's frame may have ended its watch).
    expect(sleptAt).toHaveLength(4);
    expect(loop.counters).toMatchObject({ sleeps: 1, looks: 3, lookWakes: 0, wakes: 0 });
  });

  it('wakes at once, telling the engine when, and sleeps again when nothing is drawn', () => {
    let drawing = false;
    const { loop, time, frames, wokeAt } = scheduler(() => drawing);
    loop.start();
    time.advance(SLEEP_AFTER_MS + 100);
    const slept = frames();
    loop.wake();
    expect(wokeAt).toHaveLength(1);
    expect(loop.awake).toBe(true);
    expect(time.pendingTimers()).toBe(0);
    drawing = true;
    time.advance(FRAME_MS);
    expect(frames()).toBe(slept + 1);
    drawing = false;
    time.advance(SLEEP_AFTER_MS + 100);
    expect(loop.sleeping).toBe(true);
    expect(loop.counters).toMatchObject({ sleeps: 2, wakes: 1, lookWakes: 0 });
    // A wake while awake changes nothing.
    loop.wake();
    loop.wake();
    expect(loop.counters.wakes).toBe(2);
  });

  it('counts a change only its safety look found, and runs again from it', () => {
    let drawing = false;
    const { loop, time } = scheduler(() => drawing);
    loop.start();
    time.advance(SLEEP_AFTER_MS + 100);
    drawing = true;
    time.advance(LOOK_EVERY_MS);
    expect(loop.counters.lookWakes).toBe(1);
    expect(loop.awake).toBe(true);
  });

  it('a look whose frame wakes the loop (a change it made) counts as found by the look', () => {
    const time = manualClock();
    let wakeFromFrame = false;
    const loop: LoopScheduler = new LoopScheduler(
      () => {
        if (wakeFromFrame) loop.wake();
        return false;
      },
      { waking: () => undefined },
      time.clock,
    );
    loop.start();
    time.advance(SLEEP_AFTER_MS + 100);
    wakeFromFrame = true;
    time.advance(LOOK_EVERY_MS);
    expect(loop.counters.lookWakes).toBe(1);
    expect(loop.counters.wakes).toBe(1);
  });

  it('stops: no frame, no look, and wake() does not start it', () => {
    const { loop, time, frames } = scheduler(() => false);
    loop.start();
    time.advance(SLEEP_AFTER_MS + 100);
    loop.stop();
    const stopped = frames();
    loop.wake();
    time.advance(5 * LOOK_EVERY_MS);
    expect(frames()).toBe(stopped);
    expect(time.pendingFrames() + time.pendingTimers()).toBe(0);
  });

  it('never sleeps while kept awake, and keeps running after a frame that throws', () => {
    let calls = 0;
    const time = manualClock();
    const loop = new LoopScheduler(
      () => {
        calls += 1;
        if (calls === 2) throw new Error('a scene failed');
        return false;
      },
      { waking: () => undefined },
      time.clock,
    );
    loop.keepAwake = true;
    loop.start();
    expect(() => time.advance(FRAME_MS * 2)).toThrow('a scene failed');
    time.advance(SLEEP_AFTER_MS * 2);
    expect(loop.awake).toBe(true);
    expect(calls).toBeGreaterThan(SLEEP_AFTER_MS / FRAME_MS);
  });
});
