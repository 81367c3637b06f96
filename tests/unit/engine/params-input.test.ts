import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  actionForKey,
  focusOwnsKey,
  KeyboardInput,
  type KeyLike,
} from '../../../engine/input/KeyboardInput';
import { coerceParam, defineParams, validateParams } from '../../../engine/params/params';
import { rewriteDefaults } from '../../../engine/params/rewriteDefaults';
import { demoParams } from '../../../engine/demo/params';

const spec = defineParams({
  gravity: { value: 1, min: 0, max: 3, step: 0.05 },
  rows: { value: 8, min: 8, max: 16, step: 1 },
});

describe('scene params', () => {
  it('accepts exported values inside their ranges and on their steps', () => {
    expect(validateParams(spec, { gravity: 1.35, rows: 12 })).toEqual({
      values: { gravity: 1.35, rows: 12 },
      errors: [],
    });
  });

  it('rejects unknown keys, non-numbers, out-of-range and off-step values', () => {
    const { values, errors } = validateParams(spec, {
      gravity: 3.5,
      rows: 8.5,
      wind: 1,
    });
    expect(values).toEqual({});
    expect(errors).toEqual([
      'gravity: is outside 0..3',
      'rows: is not on the step 1',
      'wind: unknown param',
    ]);
    expect(validateParams(spec, [1]).errors).toEqual(['expected a JSON object of param values']);
    expect(validateParams(spec, { rows: '9' }).errors).toEqual(['rows: is not a finite number']);
  });

  it('clamps and snaps a slider value', () => {
    expect(coerceParam(spec.gravity, 1.337)).toBe(1.35);
    expect(coerceParam(spec.gravity, -4)).toBe(0);
    expect(coerceParam(spec.rows, 99)).toBe(16);
  });

  it('refuses a params.ts whose default is outside its range', () => {
    expect(() => defineParams({ bad: { value: 5, min: 0, max: 1, step: 0.1 } })).toThrow(/bad/);
  });

  it('rewrites only the defaults in a params.ts source (params:apply)', () => {
    const source = fs.readFileSync(
      new URL('../../../engine/demo/params.ts', import.meta.url),
      'utf8',
    );
    const updated = rewriteDefaults(source, { count: 3000, speed: 250 });
    expect(updated).toContain(
      "count: { value: 3000, min: 1, max: 20000, step: 1, label: 'sprites' }",
    );
    expect(updated).toContain('speed: { value: 250, min: 0, max: 1000, step: 10');
    // Every other line is untouched.
    const changed = updated.split('\n').filter((line, i) => line !== source.split('\n')[i]);
    expect(changed).toHaveLength(2);
    expect(() => rewriteDefaults(source, { missing: 1 })).toThrow(/missing/);
    expect(demoParams.count.value).toBe(2000);
  });
});

/** A stand-in for a focused element that matches `selector` (e.g. 'button'), or nothing. */
function focused(selector: string | null) {
  return {
    closest: (list: string) => (selector && list.split(', ').includes(selector) ? {} : null),
  };
}

describe('keyboard actions', () => {
  const actions = [
    { name: 'bet', keys: ['Space', 'Enter'] },
    { name: 'auto', keys: ['KeyA'] },
  ];

  it('leaves to the focused element the keys it uses itself', () => {
    for (const field of ['input', 'textarea', 'select', '[contenteditable="true"]']) {
      expect(focusOwnsKey(focused(field), 'KeyA')).toBe(true);
    }
    expect(focusOwnsKey(focused('button'), 'Space')).toBe(true);
    expect(focusOwnsKey(focused('button'), 'ArrowLeft')).toBe(false);
    expect(focusOwnsKey(focused('[role=slider]'), 'ArrowLeft')).toBe(true);
    expect(focusOwnsKey(focused('[role=slider]'), 'Space')).toBe(false);
    expect(focusOwnsKey(focused(null), 'Space')).toBe(false);
    expect(focusOwnsKey(null, 'Space')).toBe(false);
  });

  it('maps declared keys to actions and ignores modified keys', () => {
    expect(actionForKey(actions, { code: 'Space' })).toBe('bet');
    expect(actionForKey(actions, { code: 'Enter' })).toBe('bet');
    expect(actionForKey(actions, { code: 'KeyA' })).toBe('auto');
    expect(actionForKey(actions, { code: 'KeyA', ctrlKey: true })).toBeUndefined();
    expect(actionForKey(actions, { code: 'KeyB' })).toBeUndefined();
  });

  it('dispatches key events from a target, not while typing, not on repeat, not while input is off', () => {
    const target = new EventTarget();
    const dispatched: string[] = [];
    let inputOn = true;
    const keyboard = new KeyboardInput(
      target,
      () => actions,
      (name, phase) => {
        if (!inputOn) return false;
        dispatched.push(`${name}:${phase}`);
        return true;
      },
    );
    const press = (init: Pick<KeyLike, 'code' | 'repeat'>, type = 'keydown') => {
      const event = Object.assign(new Event(type), { repeat: false, ...init });
      let prevented = false;
      Object.assign(event, { preventDefault: () => (prevented = true) });
      target.dispatchEvent(event);
      return prevented;
    };

    expect(press({ code: 'Space' })).toBe(true);
    press({ code: 'Space' }, 'keyup');
    press({ code: 'Space', repeat: true });
    expect(keyboard.handle({ code: 'Space', target: focused('input') }, 'down')).toBe(false);
    // Space on a focused button is the button's (the browser clicks it), not the scene's.
    expect(keyboard.handle({ code: 'Space', target: focused('button') }, 'down')).toBe(false);
    expect(keyboard.handle({ code: 'Enter', target: focused('a[href]') }, 'down')).toBe(false);
    expect(keyboard.handle({ code: 'Space', target: focused('[role=switch]') }, 'down')).toBe(
      false,
    );
    // Other keys on a button, and Space on a plain element, still reach the scene.
    expect(keyboard.handle({ code: 'KeyA', target: focused('button') }, 'down')).toBe(true);
    expect(keyboard.handle({ code: 'Space', target: focused(null) }, 'down')).toBe(true);
    keyboard.handle({ code: 'Space', target: focused(null) }, 'up');
    inputOn = false;
    expect(press({ code: 'Space' })).toBe(false);
    inputOn = true;
    keyboard.dispose();
    press({ code: 'Space' });
    expect(dispatched).toEqual(['bet:down', 'bet:up', 'auto:down', 'bet:down', 'bet:up']);
  });
});
