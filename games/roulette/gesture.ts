// One finger (or the mouse) on the betting table, told apart without Pixi or timers: a tap, a
// drag of a chip stack, or a long press on a stack. The view feeds it pointer events and, every
// step, the clock; it answers what the press turned out to be. A press on a spot without chips
// can be neither dragged nor held: however long it lasts, lifting the finger taps.

export const GESTURE = {
  /** How far (CSS px) a finger may wander and still tap or hold. */
  slop: 10,
  /** A press held this long without moving is a long press. */
  longPressMs: 450,
} as const;

export interface Point {
  x: number;
  y: number;
}

export type GestureEvent =
  | ({ kind: 'tap' } & Point)
  | ({ kind: 'longpress' } & Point)
  /** The finger left the slop on a stack: the drag starts (from the press point). */
  | ({ kind: 'dragstart' } & Point)
  | ({ kind: 'drag' } & Point)
  | ({ kind: 'drop' } & Point)
  /** The press ended as nothing (it wandered off something that cannot be dragged). */
  | { kind: 'cancel' };

interface Press extends Point {
  pointer: number;
  at: number;
  /** On a stack: it can be dragged, or held to take it back. */
  onChips: boolean;
  state: 'pressing' | 'dragging' | 'held' | 'void';
}

export class TableGesture {
  private press: Press | null = null;

  /** A press is under way (from down to up or cancel). */
  get active(): boolean {
    return this.press !== null;
  }

  get dragging(): boolean {
    return this.press?.state === 'dragging';
  }

  /** Where the current press started, and how long ago (ms); null without one. */
  pressed(now: number): (Point & { heldMs: number; pressing: boolean }) | null {
    const p = this.press;
    return p ? { x: p.x, y: p.y, heldMs: now - p.at, pressing: p.state === 'pressing' } : null;
  }

  /** A finger comes down (on a stack or not); false (ignored) while another one is pressing. */
  down(pointer: number, at: Point, now: number, onChips: boolean): boolean {
    if (this.press) return false;
    this.press = { pointer, x: at.x, y: at.y, at: now, onChips, state: 'pressing' };
    return true;
  }

  move(pointer: number, at: Point): GestureEvent | null {
    const p = this.press;
    if (!p || p.pointer !== pointer) return null;
    if (p.state === 'dragging') return { kind: 'drag', x: at.x, y: at.y };
    if (p.state !== 'pressing' || Math.hypot(at.x - p.x, at.y - p.y) <= GESTURE.slop) return null;
    if (!p.onChips) {
      p.state = 'void';
      return { kind: 'cancel' };
    }
    p.state = 'dragging';
    return { kind: 'dragstart', x: p.x, y: p.y };
  }

  up(pointer: number, at: Point): GestureEvent | null {
    const p = this.press;
    if (!p || p.pointer !== pointer) return null;
    this.press = null;
    if (p.state === 'dragging') return { kind: 'drop', x: at.x, y: at.y };
    if (p.state === 'pressing') return { kind: 'tap', x: p.x, y: p.y };
    return null;
  }

  /** The clock: a press on a stack held still long enough becomes a long press (once). */
  poll(now: number): GestureEvent | null {
    const p = this.press;
    if (!p || !p.onChips || p.state !== 'pressing' || now - p.at < GESTURE.longPressMs) {
      return null;
    }
    p.state = 'held';
    return { kind: 'longpress', x: p.x, y: p.y };
  }

  /** The press is abandoned (the pointer was cancelled, the table locked). */
  cancel(): GestureEvent | null {
    const was = this.press;
    this.press = null;
    return was ? { kind: 'cancel' } : null;
  }
}
