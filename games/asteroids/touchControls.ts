import { Container, Graphics, Rectangle, type FederatedPointerEvent } from 'pixi.js';
import { INK } from './atlas';
import type { ShipControls } from './simulation';

/** A rectangle of the canvas in CSS pixels. */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * The asteroids field's touch controls: a stick that points and pushes the ship, and a fire
 * button. On a pad of their own (a phone held upright) each takes half the pad, so a thumb need
 * not find the circle; otherwise they sit in the canvas's lower corners. They write the ship's
 * controls directly, as the keys do.
 */
export class TouchControls {
  readonly root = new Container({ label: 'touch-controls' });
  private readonly padBack = new Graphics();
  private readonly stick = new Graphics();
  /** The stick's knob: under the thumb while steering, in the middle otherwise. */
  private readonly knob = new Graphics();
  private readonly fireButton = new Graphics();
  private stickPointer: number | null = null;
  private stickCentre = { x: 0, y: 0, r: 50 };

  constructor(private readonly controls: () => ShipControls) {
    this.root.addChild(this.padBack, this.stick, this.knob, this.fireButton);
    this.stick.eventMode = 'static';
    this.fireButton.eventMode = 'static';
    this.stick.on('pointerdown', (e) => this.stickMove(e, true));
    this.stick.on('globalpointermove', (e) => this.stickMove(e, false));
    this.stick.on('pointerup', () => this.stickEnd());
    this.stick.on('pointerupoutside', () => this.stickEnd());
    this.fireButton.on('pointerdown', () => (this.controls().fire = true));
    this.fireButton.on('pointerup', () => (this.controls().fire = false));
    this.fireButton.on('pointerupoutside', () => (this.controls().fire = false));
  }

  /** The stick's circle, for the layout report. */
  get stickBox(): Box {
    const { x, y, r } = this.stickCentre;
    return { x: x - r, y: y - r, width: 2 * r, height: 2 * r };
  }

  /** Lays the controls out on `pad`, or in the corners of a canvas of `space` without one. */
  layout(space: { width: number; height: number }, pad: Box | null): void {
    const r = pad
      ? Math.max(36, Math.min(64, pad.height * 0.4, space.width * 0.16))
      : Math.max(36, Math.min(60, space.width * 0.12));
    const fire = { r: r * 0.8, x: 0, y: 0 };
    if (pad) {
      const cy = pad.y + pad.height / 2;
      this.stickCentre = { x: pad.x + 16 + r, y: cy, r };
      Object.assign(fire, { x: pad.x + pad.width - 16 - fire.r, y: cy });
    } else {
      this.stickCentre = { x: 16 + r, y: space.height - 16 - r, r };
      Object.assign(fire, { x: space.width - 16 - fire.r, y: space.height - 16 - fire.r });
    }
    this.padBack.clear();
    if (pad) {
      this.padBack
        .roundRect(pad.x, pad.y, pad.width, pad.height, 12)
        .fill({ color: 0x11182e })
        .stroke({ color: 0x3a4270, width: 1.5 });
    }
    this.drawStick(r);
    this.stick.hitArea = pad ? new Rectangle(pad.x, pad.y, pad.width / 2, pad.height) : null;
    this.fireButton.hitArea = pad
      ? new Rectangle(pad.x + pad.width / 2, pad.y, pad.width / 2, pad.height)
      : null;
    this.placeKnob(0, 0);
    this.fireButton
      .clear()
      .circle(fire.x, fire.y, fire.r)
      .fill({ color: 0xff4f7b, alpha: 0.35 })
      .stroke({ color: 0xff4f7b, width: 2 })
      .circle(fire.x, fire.y, fire.r * 0.42)
      .stroke({ color: 0xffffff, alpha: 0.7, width: 2 });
  }

  private drawStick(r: number): void {
    const { x, y } = this.stickCentre;
    this.stick
      .clear()
      .circle(x, y, r)
      .fill({ color: INK, alpha: 0.12 })
      .circle(x, y, r)
      .stroke({ color: INK, alpha: 0.35, width: 2 });
    // Four notches: the stick points the ship and pushes it.
    for (const a of [0, Math.PI / 2, Math.PI, (3 * Math.PI) / 2]) {
      const tip = { x: x + Math.cos(a) * r * 0.86, y: y + Math.sin(a) * r * 0.86 };
      const side = { x: -Math.sin(a) * r * 0.09, y: Math.cos(a) * r * 0.09 };
      const back = { x: -Math.cos(a) * r * 0.14, y: -Math.sin(a) * r * 0.14 };
      this.stick
        .poly([
          tip.x,
          tip.y,
          tip.x + back.x + side.x,
          tip.y + back.y + side.y,
          tip.x + back.x - side.x,
          tip.y + back.y - side.y,
        ])
        .fill({ color: INK, alpha: 0.45 });
    }
    this.knob
      .clear()
      .circle(0, 0, r * 0.38)
      .fill({ color: INK, alpha: 0.35 });
  }

  private stickMove(event: FederatedPointerEvent, start: boolean): void {
    if (start) this.stickPointer = event.pointerId;
    if (this.stickPointer !== event.pointerId) return;
    const dx = event.global.x - this.stickCentre.x;
    const dy = event.global.y - this.stickCentre.y;
    const pushed = Math.hypot(dx, dy) / this.stickCentre.r;
    const reach = pushed > 1 ? 1 / pushed : 1;
    this.placeKnob(dx * reach, dy * reach);
    const controls = this.controls();
    controls.aim = pushed > 0.2 ? Math.atan2(dy, dx) : controls.aim;
    controls.thrust = pushed > 0.6;
  }

  private placeKnob(dx: number, dy: number): void {
    this.knob.position.set(this.stickCentre.x + dx, this.stickCentre.y + dy);
  }

  private stickEnd(): void {
    this.placeKnob(0, 0);
    this.stickPointer = null;
    const controls = this.controls();
    controls.aim = null;
    controls.thrust = false;
  }
}
