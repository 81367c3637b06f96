import { describe, expect, it } from 'vitest';
import { Motion } from '../../../engine/core/motion';
import { keyRows } from '../../../games/shared/panel/PlayOptions';
import { BOARD_ACTIONS, tileActions } from '../../../games/shared/scene/boardKeys';

describe('motion and keys', () => {
  it('lets effects play, or leaves them out with reduced motion, counting both', () => {
    const motion = new Motion();
    expect(motion.allow('shake')).toBe(true);
    expect(motion.allow('burst')).toBe(true);
    motion.reduced = true;
    expect(motion.allow('flash')).toBe(false);
    expect(motion.allow('shake')).toBe(false);
    expect(motion.played).toEqual({ shake: 1, flash: 0, burst: 1 });
    expect(motion.skipped).toEqual({ shake: 1, flash: 1, burst: 0 });
  });

  it("lists a scene's keys as the key sheet shows them, a board's tile keys as one row", () => {
    expect(keyRows([...tileActions(4), ...BOARD_ACTIONS])).toEqual([
      { keys: ['←'], action: 'left' },
      { keys: ['→'], action: 'right' },
      { keys: ['↑'], action: 'up' },
      { keys: ['↓'], action: 'down' },
      { keys: ['Enter', 'Space'], action: 'pick' },
      { keys: ['C'], action: 'cashout' },
      { keys: ['1–4'], action: 'tiles' },
    ]);
    expect(keyRows([{ name: 'remove', keys: ['Delete', 'Backspace'] }])).toEqual([
      { keys: ['Delete', 'Backspace'], action: 'remove' },
    ]);
  });
});
