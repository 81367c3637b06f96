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

/** Typing into a form field must not bet or spin. */
function isEditable(target: unknown): boolean {
  if (typeof target !== 'object' || target === null) return false;
  const element = target as { tagName?: string; isContentEditable?: boolean };
  const tag = element.tagName?.toUpperCase();
  return (
    element.isContentEditable === true || tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT'
  );
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
    if ((phase === 'down' && event.repeat) || isEditable(event.target)) return false;
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
