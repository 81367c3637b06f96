import { BitmapText, Container, Graphics, Sprite, Text } from 'pixi.js';
import {
  fitInto,
  renderResolution,
  type ActionPhase,
  type LayoutReport,
  type LayoutSpace,
  type Rect,
  type SceneContext,
} from '../../engine/index';
import { defineScene, GameView } from '../shared/scene/gameScene';
import { playGameSound } from '../shared/scene/sounds';
import { TABLE_COLOURS } from '../shared/scene/tableColours';
import { DISC_FILL, OVERLAY_DISC, RIM, RING } from './artGeometry';
import { ROULETTE_ART, type RouletteFrame } from './bundle';
import { rouletteChannel, type RouletteSceneApi } from './channel';
import { LABEL_FONT, installLabelFont } from './labelFont';
import { rouletteLayout, type RouletteLayout } from './layout';
import { rouletteParams } from './params';
import { RouletteSimulation, WHEEL_RADIUS } from './simulation';
import { numberColour, type Direction } from './table';
import { BettingTable } from './tableView';
import { POCKET_ANGLE, WHEEL_ORDER } from './wheel';

/** The wheel around its centre: the rim and the pointer above it (outer + 30). */
const WHEEL_BOX = {
  x: -RIM,
  y: -RING.outer - 30,
  width: 2 * RIM,
  height: 2 * RING.outer + 44,
};
const COLOURS = {
  red: 0xc62a3f,
  black: 0x18232b,
  green: 0x138a3b,
  ink: TABLE_COLOURS.ink,
} as const;
const pocketColor = (n: number) => COLOURS[numberColour(n)];
/** The result on the hub's dark dome: the pocket's colour, lighter so that it reads there. */
const RESULT_COLOURS = { red: 0xff4d63, green: 0x3ddc84, black: TABLE_COLOURS.ink } as const;
/** Pixi angles start at +x; the wheel's start at the top. */
const pixiAngle = (theta: number) => theta - Math.PI / 2;
/** Upright, the wheel grows over the table while the ball runs, and stays a moment after. */
const ZOOM = { seconds: 0.35, holdSeconds: 1.4 } as const;
const smooth = (t: number) => t * t * (3 - 2 * t);
const lerpRect = (a: Rect, b: Rect, t: number): Rect => ({
  x: a.x + (b.x - a.x) * t,
  y: a.y + (b.y - a.y) * t,
  width: a.width + (b.width - a.width) * t,
  height: a.height + (b.height - a.height) * t,
});
const MOVES: Record<string, Direction> = {
  left: 'left',
  right: 'right',
  up: 'up',
  down: 'down',
};

/**
 * The wheel (pockets in European order), the ball and the result in the hub, and the betting
 * table the panel's chips lie on (played by touch, mouse or keyboard: ./tableView.ts).
 */
class RouletteView extends GameView<RouletteSimulation> {
  /** Wheel, ball, pointer and result around the wheel's centre, scaled into the wheel's box. */
  private readonly wheelGroup = new Container({ label: 'roulette-wheel' });
  private readonly wheel = new Container({ label: 'wheel' });
  private readonly ball = new Sprite({ anchor: 0.5 });
  /** Dims the table while the wheel is drawn large over it. */
  private readonly dim = new Graphics();
  private result!: Text;
  private pocketsPassed = 0;
  private placed: RouletteLayout | null = null;
  /** 0: the wheel in its place beside the table; 1: drawn large for the spin. */
  private zoom = 0;
  /** The resolution the wheel's picture was last cached at (see cacheWheel). */
  private wheelResolution = 0;
  private holdLeft = 0;
  private readonly table = new BettingTable({
    place: (spot) => this.tableUsed(() => rouletteChannel.emit('place', spot)),
    move: (from, to) => this.tableUsed(() => rouletteChannel.emit('move', from, to)),
    remove: (spot) => this.tableUsed(() => rouletteChannel.emit('remove', spot)),
    cursor: (spot) => rouletteChannel.emit('cursor', spot),
  });
  private readonly api: RouletteSceneApi = {
    configure: (config) => this.table.configure(config),
    spin: (pocket) =>
      new Promise<number>((resolve) => {
        this.result.text = '';
        this.table.setWinning(null);
        this.holdLeft = 0;
        this.sim.spin(pocket, (landed) => {
          this.result.text = String(landed);
          this.result.style.fill = RESULT_COLOURS[numberColour(landed)];
          this.table.setWinning(landed);
          this.holdLeft = ZOOM.holdSeconds;
          resolve(landed);
        });
      }),
  };

  create(ctx: SceneContext): void {
    const sheet = ctx.engine.assets.sheet(ROULETTE_ART);
    const frame = (name: RouletteFrame) => sheet.textures[name]!;
    this.table.useArt({ chip: frame('chip'), chipMarks: frame('chipMarks'), felt: frame('felt') });
    // The bowl: a dark edge, the wooden rim, a brass lip, and the ball's track in polished wood.
    const disc = new Graphics()
      .circle(0, 0, RIM)
      .fill(0x1c1008)
      .circle(0, 0, RIM - 3)
      .fill(0x6b4424)
      .circle(0, 0, RING.outer)
      .fill(0x4a2a14)
      .stroke({ width: 3, color: 0xd9b878 });
    const pockets = new Graphics();
    WHEEL_ORDER.forEach((n, i) => {
      const a0 = pixiAngle(i * POCKET_ANGLE - POCKET_ANGLE / 2);
      const a1 = a0 + POCKET_ANGLE;
      pockets
        .moveTo(0, 0)
        .arc(0, 0, RING.pockets, a0, a1)
        .lineTo(0, 0)
        .fill(pocketColor(n))
        .stroke({ width: 2, color: 0xc9a86a });
    });
    pockets.circle(0, 0, RING.pockets).stroke({ width: 2, color: 0xd9b878 });
    const cone = new Sprite({ texture: frame('cone'), anchor: 0.5 });
    cone.setSize((2 * RING.inner) / DISC_FILL);
    const brass = new Graphics()
      .circle(0, 0, RING.inner)
      .stroke({ width: 3, color: 0xd9b878 })
      .circle(0, 0, RING.hub)
      .stroke({ width: 2, color: 0x9c7a40 });
    installLabelFont();
    const labels = WHEEL_ORDER.map((n, i) => {
      const theta = i * POCKET_ANGLE;
      const label = new BitmapText({
        text: String(n),
        style: { fontFamily: LABEL_FONT, fontSize: 22, fill: 0xffffff },
      });
      label.anchor.set(0.5);
      label.position.set(
        Math.sin(theta) * (RING.numbers - 10),
        -Math.cos(theta) * (RING.numbers - 10),
      );
      label.rotation = theta;
      return label;
    });
    this.wheel.addChild(disc, pockets, ...labels, cone, brass);
    this.ball.texture = frame('ball');
    this.ball.setSize(22 / DISC_FILL);
    // The light and the shadow stay still while the wheel turns under them.
    const overlay = new Sprite({ texture: frame('overlay'), anchor: 0.5 });
    overlay.setSize((2 * RIM) / OVERLAY_DISC);
    this.result = new Text({
      text: '',
      style: {
        fontFamily: 'system-ui, sans-serif',
        fontSize: 96,
        fontWeight: '800',
        fill: COLOURS.ink,
      },
    });
    this.result.anchor.set(0.5);
    const pointer = new Graphics().poly([0, 0, -14, -28, 14, -28]).fill(0xf5c542);
    pointer.position.set(0, -RING.outer - 2);
    this.wheelGroup.addChild(this.wheel, overlay, this.ball, this.result, pointer);
    ctx.root.addChild(this.table.root, this.dim, this.wheelGroup);
  }

  /**
   * Upright (a phone): the wheel above and the table 3 columns wide under it, across the width;
   * on its side: the table horizontal, beside the wheel or under it (./layout.ts).
   */
  layout(space: LayoutSpace): void {
    const placed = rouletteLayout(space);
    this.placed = placed;
    const t = placed.table;
    this.table.place(placed.orientation, t.x, t.y, t.cellWidth, t.cellHeight, placed.lineReach);
    this.dim.clear().rect(0, 0, space.width, space.height).fill(0x05080f);
    this.cacheWheel(placed);
    this.placeWheel();
  }

  /**
   * The wheel is drawn once into a picture: spinning then moves one textured quad instead of 37
   * wedges and labels. The picture has the pixels the wheel is shown with at its largest (spinning,
   * zoomed in) and no more: a fixed resolution of 2 made it 2048 x 2048 (the texture pool rounds up
   * to a power of two), most of a phone's first frame, for a wheel shown 300 pixels wide.
   */
  private cacheWheel(placed: RouletteLayout): void {
    const largest = Math.max(
      fitInto(WHEEL_BOX, placed.wheel).scale,
      fitInto(WHEEL_BOX, placed.spinWheel).scale,
    );
    const shown = largest * renderResolution(globalThis.devicePixelRatio);
    const resolution = Math.min(2, Math.ceil(shown * 4) / 4);
    if (resolution === this.wheelResolution) return;
    this.wheelResolution = resolution;
    this.wheel.cacheAsTexture?.({ resolution });
  }

  describeLayout(): LayoutReport {
    const placed = this.placed;
    const table = this.table.placed;
    if (!placed || !table) return {};
    const spots: Record<string, Rect> = {};
    for (const zone of table.zones) spots[`spot:${zone.key}`] = zone.rect;
    return {
      orientation: placed.orientation,
      wheel: placed.wheel,
      spinWheel: placed.spinWheel,
      table: table.bounds,
      cellWidth: table.numberWidth,
      cellHeight: table.numberHeight,
      chipRadius: this.table.chipSize,
      lineReach: placed.lineReach,
      ...spots,
    };
  }

  show(): void {
    this.result.text = '';
    this.zoom = 0;
    this.holdLeft = 0;
    this.table.setWinning(null);
    this.placeWheel();
    rouletteChannel.attach(this.api);
  }

  /** The arrows move the table's cursor, Enter places a chip, Delete takes the chips back. */
  action(name: string, phase: ActionPhase): boolean {
    const move = MOVES[name];
    if (move) {
      if (phase === 'down') this.table.moveCursor(move);
      return true;
    }
    if (name === 'place' || name === 'remove') {
      if (phase === 'up') return false;
      return name === 'place' ? this.table.placeAtCursor() : this.table.removeAtCursor();
    }
    // Space (the `bet` action) goes to the panel.
    return rouletteChannel.action(name, phase);
  }

  update(dt: number): void {
    this.table.update(performance.now());
    const target = this.sim.spinning || this.holdLeft > 0 ? 1 : 0;
    if (!this.sim.spinning) this.holdLeft = Math.max(0, this.holdLeft - dt);
    const step = dt / ZOOM.seconds;
    this.zoom = target > this.zoom ? Math.min(1, this.zoom + step) : Math.max(0, this.zoom - step);
    // A tick each time the ball passes a pocket.
    if (!this.sim.spinning) return;
    const passed = Math.floor(Math.abs(this.sim.ballRelative) / POCKET_ANGLE);
    if (passed !== this.pocketsPassed) {
      this.pocketsPassed = passed;
      if (this.sim.ballRadius < WHEEL_RADIUS.track) playGameSound('tick');
    }
  }

  render(alpha: number): void {
    const p = this.sim.previous;
    const lerp = (a: number, b: number) => a + (b - a) * alpha;
    const wheel = lerp(p.wheelAngle, this.sim.wheelAngle);
    const ball = wheel + lerp(p.ballRelative, this.sim.ballRelative);
    const radius = lerp(p.ballRadius, this.sim.ballRadius);
    this.wheel.rotation = wheel;
    this.ball.position.set(Math.sin(ball) * radius, -Math.cos(ball) * radius);
    this.placeWheel();
    this.table.render(performance.now());
  }

  hide(): void {
    this.table.reset();
    rouletteChannel.detach(this.api);
  }

  /** A tap, drag or long press on the table: the wheel goes back to its place at once. */
  private tableUsed(report: () => void): void {
    this.holdLeft = 0;
    report();
  }

  /** The wheel in its box for the current zoom, and the table dimmed under a large wheel. */
  private placeWheel(): void {
    const placed = this.placed;
    if (!placed) return;
    const t = smooth(this.zoom);
    const box = lerpRect(placed.wheel, placed.spinWheel, t);
    const fit = fitInto(WHEEL_BOX, box);
    this.wheelGroup.scale.set(fit.scale);
    this.wheelGroup.position.set(fit.x, fit.y);
    this.dim.alpha = t * 0.6;
    this.dim.visible = this.dim.alpha > 0.01 && placed.spinWheel.width > placed.wheel.width;
  }
}

export default defineScene({
  params: rouletteParams,
  actions: [
    { name: 'bet', keys: ['Space'] },
    { name: 'left', keys: ['ArrowLeft'] },
    { name: 'right', keys: ['ArrowRight'] },
    { name: 'up', keys: ['ArrowUp'] },
    { name: 'down', keys: ['ArrowDown'] },
    { name: 'place', keys: ['Enter', 'NumpadEnter'] },
    { name: 'remove', keys: ['Delete', 'Backspace'] },
  ],
  simulation: (data, values) => new RouletteSimulation(data, values),
  view: () => new RouletteView(),
});
