import { Container, Graphics, Text } from 'pixi.js';
import type {
  GameScene,
  LayoutReport,
  LayoutSpace,
  SceneContext,
  SceneView,
} from '../../engine/index';
import { GAME_SOUNDS } from '../shared/sounds';
import { minerFrenzyChannel, type MinerFrenzySceneApi } from './channel';
import { minerFrenzyParams } from './params';
import { MinerFrenzySimulation } from './simulation';

const ROCK = 0x2a1a0e;
const TIMBER = 0x7a4a1e;
const RAIL = 0x9aa3ad;
const CART = 0xf7931e;
const WIN = 0x2fd67b;
const LOSE = 0xe8485c;
const INK = 0xf4ecdf;
/** How many past crash points the strip shows. */
const STRIP = 8;

/** A mine cart racing down a shaft while the multiplier grows; it derails at the crash. */
class MinerFrenzyView implements SceneView<unknown, MinerFrenzySimulation, SceneContext> {
  private sim!: MinerFrenzySimulation;
  private readonly shaft = new Graphics();
  private readonly cart = new Graphics();
  private readonly dust = new Graphics();
  private readonly strip = new Container();
  private readout!: Text;
  private marker!: Text;
  private width = 390;
  private height = 400;
  private history: number[] = [];
  readonly action = minerFrenzyChannel.action;
  private readonly api: MinerFrenzySceneApi = {
    run: (round) => {
      this.sim.round = round;
      this.sim.ended = null;
      this.sim.cashedOutAt = null;
      this.sim.sinceCrash = -1;
      this.marker.text = '';
    },
    cashedOut: (multiplier, crashPoint) => {
      this.sim.cashedOutAt = multiplier;
      this.sim.ended = { multiplier, crashed: false, at: Date.now() };
      this.marker.text = `${multiplier.toFixed(2)}x`;
      this.remember(crashPoint);
    },
    crashed: (crashPoint) => {
      this.sim.ended = { multiplier: crashPoint, crashed: true, at: Date.now() };
      this.sim.sinceCrash = 0;
      this.remember(crashPoint);
    },
    current: () => (this.sim.running() ? this.sim.multiplier() : 0),
  };

  init(_data: unknown, sim: MinerFrenzySimulation): void {
    this.sim = sim;
  }

  create(ctx: SceneContext): void {
    const style = { fontFamily: 'system-ui, sans-serif', fontWeight: '800' as const, fill: INK };
    this.readout = new Text({ text: '1.00x', style: { ...style, fontSize: 72 } });
    this.readout.anchor.set(0.5);
    this.marker = new Text({ text: '', style: { ...style, fontSize: 26, fill: WIN } });
    this.marker.anchor.set(0.5, 0);
    ctx.root.addChild(this.shaft, this.cart, this.dust, this.readout, this.marker, this.strip);
  }

  /** The shaft fills the canvas; the readout in its upper third, the strip along the top. */
  layout(space: LayoutSpace): void {
    this.width = space.width;
    this.height = space.height;
    const size = Math.max(28, Math.min(space.width * 0.16, space.height * 0.14));
    this.readout.style.fontSize = Math.round(size);
    this.readout.position.set(space.width / 2, space.height * 0.3);
    this.marker.position.set(space.width / 2, space.height * 0.3 + size * 0.7);
    this.strip.position.set(12, 10);
    this.drawStrip();
  }

  describeLayout(): LayoutReport {
    return { width: this.width, height: this.height };
  }

  show(): void {
    minerFrenzyChannel.attach(this.api);
  }

  /** The tab is back: the panel asks the server where the round stands. */
  resume(): void {
    minerFrenzyChannel.emit('resumed');
  }

  render(alpha: number): void {
    const { sim, width, height } = this;
    const travelled = sim.previousTravelled + (sim.travelled - sim.previousTravelled) * alpha;
    const m = sim.multiplier();
    const crashed = sim.ended?.crashed === true;
    // The shaft: rock walls, timber beams scrolling up past the cart, rails down the middle.
    const g = this.shaft.clear();
    g.rect(0, 0, width, height).fill(ROCK);
    const gap = 90;
    const left = width * 0.22;
    const right = width * 0.78;
    for (let y = -gap + (travelled % gap); y < height + gap; y += gap) {
      const beamY = height - y;
      g.rect(left - 14, beamY, right - left + 28, 10).fill(TIMBER);
      g.rect(left - 14, beamY - 40, 10, 50).fill(TIMBER);
      g.rect(right + 4, beamY - 40, 10, 50).fill(TIMBER);
    }
    const railGap = Math.min(80, width * 0.18);
    g.rect(width / 2 - railGap / 2 - 3, 0, 6, height).fill(RAIL);
    g.rect(width / 2 + railGap / 2 - 3, 0, 6, height).fill(RAIL);
    // Sparks grow with the multiplier.
    const sparks = sim.running() ? Math.min(24, Math.floor(Math.log(m) * 8)) : 0;
    for (let i = 0; i < sparks; i++) {
      const x = width / 2 + Math.sin(i * 12.9 + travelled * 0.05) * railGap;
      const y = height * 0.72 + ((i * 37 + travelled) % 60);
      g.circle(x, y, 2).fill(0xffd166);
    }
    // The cart: it shakes with speed, tips over when it derails.
    const cartW = Math.min(120, width * 0.28);
    const shake = sim.running() ? Math.sin(travelled * 0.3) * Math.min(4, m - 1) : 0;
    const c = this.cart.clear();
    c.roundRect(-cartW / 2, -cartW * 0.35, cartW, cartW * 0.5, 8).fill(CART);
    c.rect(-cartW / 2 - 4, -cartW * 0.4, cartW + 8, 8).fill(0x5a2a00);
    c.circle(-cartW * 0.3, cartW * 0.17, cartW * 0.1).fill(0x333333);
    c.circle(cartW * 0.3, cartW * 0.17, cartW * 0.1).fill(0x333333);
    const tip = crashed ? Math.min(1, sim.sinceCrash * 3) : 0;
    this.cart.position.set(width / 2 + shake + tip * cartW * 0.6, height * 0.7 + tip * 20);
    this.cart.rotation = tip * 1.2;
    // Dust after the crash.
    const d = this.dust.clear();
    if (crashed && sim.sinceCrash < 2) {
      const count = sim.values.dust;
      for (let i = 0; i < count; i++) {
        const angle = (i / count) * Math.PI * 2;
        const r = sim.sinceCrash * (60 + (i % 7) * 15);
        d.circle(
          this.cart.x + Math.cos(angle) * r,
          this.cart.y + Math.sin(angle) * r * 0.5,
          4 + (i % 3),
        ).fill({ color: 0xc9a27a, alpha: Math.max(0, 1 - sim.sinceCrash / 2) });
      }
    }
    this.readout.text = `${m.toFixed(2)}x`;
    this.readout.style.fill = crashed ? LOSE : sim.cashedOutAt !== null ? WIN : INK;
  }

  hide(): void {
    minerFrenzyChannel.detach(this.api);
  }

  private remember(crashPoint: number): void {
    this.history = [crashPoint, ...this.history].slice(0, STRIP);
    this.drawStrip();
  }

  private drawStrip(): void {
    this.strip.removeChildren().forEach((child) => child.destroy());
    let x = 0;
    for (const point of this.history) {
      const label = new Text({
        text: `${point.toFixed(2)}x`,
        style: {
          fontFamily: 'system-ui, sans-serif',
          fontSize: 14,
          fontWeight: '700',
          fill: point >= 2 ? WIN : LOSE,
        },
      });
      label.position.set(x, 0);
      x += label.width + 12;
      if (x > this.width - 24) break;
      this.strip.addChild(label);
    }
  }
}

export const minerFrenzyScene: GameScene<unknown, MinerFrenzySimulation, typeof minerFrenzyParams> =
  {
    id: 'minerFrenzy',
    bundles: [GAME_SOUNDS],
    params: minerFrenzyParams,
    actions: [{ name: 'bet', keys: ['Space'] }],
    simulation: (data, values) => new MinerFrenzySimulation(data, values),
    view: () => new MinerFrenzyView(),
  };
