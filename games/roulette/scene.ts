import { Container, Graphics, Text } from 'pixi.js';
import {
  fitInto,
  type GameScene,
  type LayoutReport,
  type LayoutSpace,
  type SceneContext,
  type SceneView,
} from '../../engine/index';
import { GAME_SOUNDS, playGameSound } from '../shared/sounds';
import { rouletteChannel, type RouletteSceneApi } from './channel';
import { rouletteParams } from './params';
import { RED_NUMBERS } from './rules';
import { RouletteSimulation, WHEEL_RADIUS } from './simulation';
import { POCKET_ANGLE, WHEEL_ORDER } from './wheel';

const RING = { outer: 340, numbers: 270, inner: 190, hub: 120 };
/** The table around its centre: the rim (outer + 14) and the pointer above it (outer + 30). */
const TABLE_BOX = { x: -RING.outer - 14, y: -RING.outer - 30, width: 2 * RING.outer + 28 };
const MARGIN = 8;
const pocketColor = (n: number) =>
  n === 0 ? 0x138a3b : RED_NUMBERS.includes(n) ? 0xc62a3f : 0x18232b;
/** Pixi angles start at +x; the wheel's start at the top. */
const pixiAngle = (theta: number) => theta - Math.PI / 2;

/** The wheel (pockets in European order), the ball, and the result in the hub. */
class RouletteView implements SceneView<unknown, RouletteSimulation, SceneContext> {
  private sim!: RouletteSimulation;
  /** Wheel, ball, pointer and result around the wheel's centre, scaled to fit the canvas. */
  private readonly table = new Container({ label: 'roulette-table' });
  private readonly wheel = new Container({ label: 'wheel' });
  private readonly ball = new Graphics();
  private result!: Text;
  private pocketsPassed = 0;
  private readonly api: RouletteSceneApi = {
    spin: (pocket) =>
      new Promise<number>((resolve) => {
        this.result.text = '';
        this.sim.spin(pocket, (landed) => {
          this.result.text = String(landed);
          this.result.style.fill =
            pocketColor(landed) === 0x18232b ? 0xe8edf7 : pocketColor(landed);
          resolve(landed);
        });
      }),
  };

  /** Space (the `bet` action) goes to the panel. */
  readonly action = rouletteChannel.action;

  init(_data: unknown, sim: RouletteSimulation): void {
    this.sim = sim;
  }

  create(ctx: SceneContext): void {
    const disc = new Graphics()
      .circle(0, 0, RING.outer + 14)
      .fill(0x3a2a1a)
      .circle(0, 0, RING.outer)
      .fill(0x0d1a22);
    const pockets = new Graphics();
    WHEEL_ORDER.forEach((n, i) => {
      const a0 = pixiAngle(i * POCKET_ANGLE - POCKET_ANGLE / 2);
      const a1 = a0 + POCKET_ANGLE;
      pockets
        .moveTo(0, 0)
        .arc(0, 0, RING.numbers + 40, a0, a1)
        .lineTo(0, 0)
        .fill(pocketColor(n))
        .stroke({ width: 2, color: 0xc9a86a });
    });
    pockets.circle(0, 0, RING.inner).fill(0x5a3d22).stroke({ width: 3, color: 0xc9a86a });
    pockets.circle(0, 0, RING.hub).fill(0x2a1c10);
    const labels = WHEEL_ORDER.map((n, i) => {
      const theta = i * POCKET_ANGLE;
      const label = new Text({
        text: String(n),
        style: {
          fontFamily: 'system-ui, sans-serif',
          fontSize: 22,
          fontWeight: '700',
          fill: 0xffffff,
        },
      });
      label.anchor.set(0.5);
      label.position.set(
        Math.sin(theta) * (RING.numbers - 10),
        -Math.cos(theta) * (RING.numbers - 10),
      );
      label.rotation = theta;
      return label;
    });
    this.wheel.addChild(disc, pockets, ...labels);
    // Drawn once: spinning then moves one textured quad instead of 37 wedges and labels.
    this.wheel.cacheAsTexture?.({ resolution: 2 });
    this.ball.circle(0, 0, 11).fill(0xf4f4f4).stroke({ width: 2, color: 0x9aa5b1 });
    this.result = new Text({
      text: '',
      style: {
        fontFamily: 'system-ui, sans-serif',
        fontSize: 96,
        fontWeight: '800',
        fill: 0xe8edf7,
      },
    });
    this.result.anchor.set(0.5);
    const pointer = new Graphics().poly([0, 0, -14, -28, 14, -28]).fill(0xf5c542);
    pointer.position.set(0, -RING.outer - 2);
    this.table.addChild(this.wheel, this.ball, this.result, pointer);
    ctx.root.addChild(this.table);
  }

  /** The whole wheel as large as the canvas allows, centred. */
  layout(space: LayoutSpace): void {
    const fit = fitInto(
      { ...TABLE_BOX, height: TABLE_BOX.width + 16 },
      {
        x: MARGIN,
        y: MARGIN,
        width: space.width - 2 * MARGIN,
        height: space.height - 2 * MARGIN,
      },
    );
    this.table.scale.set(fit.scale);
    this.table.position.set(fit.x, fit.y);
  }

  describeLayout(): LayoutReport {
    const scale = this.table.scale.x;
    const radius = (RING.outer + 14) * scale;
    return {
      wheel: {
        x: this.table.x - radius,
        y: this.table.y - radius,
        width: 2 * radius,
        height: 2 * radius,
      },
    };
  }

  show(): void {
    this.result.text = '';
    rouletteChannel.attach(this.api);
  }

  update(): void {
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
  }

  hide(): void {
    rouletteChannel.detach(this.api);
  }
}

export const rouletteScene: GameScene<unknown, RouletteSimulation, typeof rouletteParams> = {
  id: 'roulette',
  bundles: [GAME_SOUNDS],
  params: rouletteParams,
  actions: [{ name: 'bet', keys: ['Space'] }],
  simulation: (data, values) => new RouletteSimulation(data, values),
  view: () => new RouletteView(),
};
