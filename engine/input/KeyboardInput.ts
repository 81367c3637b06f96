import type { ActionPhase, KeyAction } from '../core/scene';

/** Minimal shape of a keyboard event, so the mapping is testable without a DOM. */
export interface KeyLike {
  code: string;
  repeat?: boolean;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
  target?: unknown;
  preventDefault?: () => void;
}

/** The action bound to a key, or undefined. Modified keys (Ctrl, Meta, Alt) never map. */
export function actionForKey(actions: readonly KeyAction[], event: KeyLike): string | undefined {
  if (event.ctrlKey || event.metaKey || event.altKey) return undefined;
  return actions.find((action) => action.keys.includes(event.code))?.name;
}

const FIELDS = 'input, textarea, select, [contenteditable=""], [contenteditable="true"]';
const CONTROLS = [
  'button',
  'a[href]',
  'summary',
  ...['button', 'link', 'checkbox', 'switch', 'radio', 'tab', 'menuitem', 'option'].map(
    (role) => `[role=${role}]`,
  ),
].join(', ');
const SLIDERS = '[role=slider]';
/** Keys with which the browser activates a focused control. */
const ACTIVATION_KEYS = new Set(['Space', 'Enter', 'NumpadEnter']);
const SLIDER_KEYS = new Set([
  'ArrowLeft',
  'ArrowRight',
  'ArrowUp',
  'ArrowDown',
  'Home',
  'End',
  'PageUp',
  'PageDown',
]);

/**
 * Whether the focused element (the key event's target) uses this key itself, so a game must
 * leave it alone: every key while typing in a field; Space and Enter on a button, link or other
 * control (the browser clicks it: taking the key too would, say, bet while also pressing the
 * focused "½"); arrows and paging keys on a slider. The one rule for scene actions and panel keys.
 */
export function focusOwnsKey(target: unknown, code: string): boolean {
  const element = target as { closest?: (selector: string) => unknown } | null;
  if (typeof element?.closest !== 'function') return false;
  if (element.closest(FIELDS)) return true;
  if (ACTIVATION_KEYS.has(code) && element.closest(CONTROLS)) return true;
  return SLIDER_KEYS.has(code) && Boolean(element.closest(SLIDERS));
}

/**
 * Turns key presses into the current scene's declared actions. `dispatch` returns false while
 * input is off (transitions), in which case the key is left to the browser.
 */
export class KeyboardInput {
  private readonly onDown = (event: Event) => this.handle(event as unknown as KeyLike, 'down');
  private readonly onUp = (event: Event) => this.handle(event as unknown as KeyLike, 'up');

  constructor(
    private readonly target: EventTarget,
    private readonly actions: () => readonly KeyAction[],
    private readonly dispatch: (name: string, phase: ActionPhase) => boolean,
  ) {
    target.addEventListener('keydown', this.onDown);
    target.addEventListener('keyup', this.onUp);
  }

  handle(event: KeyLike, phase: ActionPhase): boolean {
    if ((phase === 'down' && event.repeat) || focusOwnsKey(event.target, event.code)) return false;
    const name = actionForKey(this.actions(), event);
    if (!name || !this.dispatch(name, phase)) return false;
    event.preventDefault?.();
    return true;
  }

  dispose(): void {
    this.target.removeEventListener('keydown', this.onDown);
    this.target.removeEventListener('keyup', this.onUp);
  }
}
