import { Graphics } from 'pixi.js';
import type { LayoutReport, LayoutSpace, SceneContext } from '../../engine/index';
import { defineScene, GameView } from '../shared/scene/gameScene';
import { minerFrenzyChannel, minerFrenzyStore, type MinerFrenzySceneApi } from './channel';
import { mountMinerFrenzyOverlay } from './overlay';
import { minerFrenzyParams } from './params';
import { MinerFrenzySimulation } from './simulation';

const ROCK = 0x2a1a0e;
const TIMBER = 0x7a4a1e;
const RAIL = 0x9aa3ad;
const CART = 0xf7931e;
/** The rock as the shaft goes deeper (1x, about 5x, about 20x, 100x): brown, slate, amethyst, magma. */
const ROCK_DEPTHS = [ROCK, 0x1c2233, 0x2e1236, 0x4a1408];
/** The wall crystals' colour at the same depths. */
const CRYSTAL_DEPTHS = [0xffd166, 0x5ee7ff, 0xc77dff, 0xff7b3a];
const LAVA = 0xff5a1f;
/** Spacing of the wall's seams (a crystal or a crack may sit on each), px. */
const SEAM = 46;

/** The colour `t` (0 .. 1) along evenly spaced stops. */
function colourAlong(stops: readonly number[], t: number): number {
  const at = Math.min(1, Math.max(0, t)) * (stops.length - 1);
  const i = Math.min(stops.length - 2, Math.floor(at));
  const f = at - i;
  const a = stops[i]!;
  const b = stops[i + 1]!;
  let out = 0;
  for (const shift of [16, 8, 0]) {
    const ca = (a >> shift) & 0xff;
    const cb = (b >> shift) & 0xff;
    out |= Math.round(ca + (cb - ca) * f) << shift;
  }
  return out;
}

/** A stable pseudo-random number in [0, 1) for seam `k` and slot `slot`. */
function noise(k: number, slot: number): number {
  const x = Math.sin(k * 12.9898 + slot * 78.233) * 43758.5453;
  return x - Math.floor(x);
}

/**
 * A mine cart racing down a shaft while the multiplier grows; it derails at the crash. The
 * shaft, cart and dust are drawn here every frame; the readout, the result and the strip of
 * recent crash points are a React layer (overlay.tsx) drawn from minerFrenzyStore.
 */
class MinerFrenzyView extends GameView<MinerFrenzySimulation> {
  private readonly shaft = new Graphics();
  private readonly cart = new Graphics();
  private readonly dust = new Graphics();
  private overlay: ReturnType<typeof mountMinerFrenzyOverlay> | null = null;
  private width = 390;
  private height = 400;
  private motion!: SceneContext['engine']['motion'];
  /** Which of the round's effects play (reduced motion leaves them out). */
  private readonly effects = { shake: true, sparks: true, dust: true };
  private wasRunning = false;
  private wasCrashed = false;
  /** What the shaft, cart and dust were last drawn from (see render). */
  private drawnKey = '';
  /** The cart's width when it was last drawn: it moves and turns, its drawing stays. */
  private drawnCartW = -1;
  /** Whether the dust holds anything to clear. */
  private dustShown = false;
  readonly action = minerFrenzyChannel.action;
  private readonly api: MinerFrenzySceneApi = {
    run: (round) => {
      this.sim.round = round;
      this.sim.ended = null;
      this.sim.cashedOutAt = null;
      this.sim.sinceCrash = -1;
      this.publish();
    },
    cashedOut: (multiplier) => {
      this.sim.cashedOutAt = multiplier;
      this.sim.ended = { multiplier, crashed: false, at: Date.now() };
      this.publish();
    },
    crashed: (crashPoint) => {
      this.sim.ended = { multiplier: crashPoint, crashed: true, at: Date.now() };
      this.sim.sinceCrash = 0;
      this.publish();
    },
  };

  override init(data: unknown, sim: MinerFrenzySimulation): void {
    super.init(data, sim);
    this.publish();
  }

  create(ctx: SceneContext): void {
    this.motion = ctx.engine.motion;
    ctx.root.addChild(this.shaft, this.cart, this.dust);
    this.overlay = mountMinerFrenzyOverlay(ctx, { width: this.width, height: this.height });
  }

  /** The shaft fills the canvas; the overlay puts the readout in its upper third. */
  layout(space: LayoutSpace): void {
    this.width = space.width;
    this.height = space.height;
    this.overlay?.layout({ width: space.width, height: space.height });
  }

  /** The size, the strip the panel gave (all of it), the readout and result as drawn. */
  describeLayout(): LayoutReport {
    return {
      width: this.width,
      height: this.height,
      strip: minerFrenzyStore
        .get()
        .recent.map((c) => c.crashPoint.toFixed(2))
        .join(' '),
      ...this.overlay?.report(),
    };
  }

  show(): void {
    minerFrenzyChannel.attach(this.api);
  }

  /** The tab is back: the panel asks the server where the round stands. */
  resume(): void {
    minerFrenzyChannel.emit('resumed');
  }

  /**
   * Reduced motion (engine.motion), asked once a round: the cart's shake and the sparks when it
   * starts, the dust burst when it crashes.
   */
  private askEffects(running: boolean, crashed: boolean): void {
    if (running && !this.wasRunning) {
      this.effects.shake = this.motion.allow('shake');
      this.effects.sparks = this.motion.allow('burst');
    }
    if (crashed && !this.wasCrashed) this.effects.dust = this.motion.allow('burst');
    this.wasRunning = running;
    this.wasCrashed = crashed;
  }

  render(alpha: number): void {
    const { sim, width, height } = this;
    const travelled = sim.previousTravelled + (sim.travelled - sim.previousTravelled) * alpha;
    const m = sim.multiplier();
    const crashed = sim.ended?.crashed === true;
    this.askEffects(sim.running(), crashed);
    // The same picture as the last frame (the cart waiting, or settled after its crash): nothing
    // is drawn again, so the engine draws nothing either.
    const since = Math.min(2, sim.sinceCrash);
    const shown = [travelled, m, crashed, since, width, height, sim.running(), sim.values.dust];
    const key = shown.join('|');
    if (key === this.drawnKey) return this.publish();
    this.drawnKey = key;
    // How deep the cart is: 0 at 1x, 0.5 at 10x, 1 at 100x and past. The rock darkens and
    // changes colour, crystals grow out of the walls, then cracks of magma glow.
    const depth = Math.min(1, Math.log(m) / Math.log(100));
    // The shaft: rock walls, timber beams scrolling up past the cart, rails down the middle.
    const g = this.shaft.clear();
    g.rect(0, 0, width, height).fill(colourAlong(ROCK_DEPTHS, depth));
    const gap = 90;
    const left = width * 0.22;
    const right = width * 0.78;
    this.drawWalls(g, travelled, depth, left, right);
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
    const sparks =
      sim.running() && this.effects.sparks ? Math.min(24, Math.floor(Math.log(m) * 8)) : 0;
    for (let i = 0; i < sparks; i++) {
      const x = width / 2 + Math.sin(i * 12.9 + travelled * 0.05) * railGap;
      const y = height * 0.72 + ((i * 37 + travelled) % 60);
      g.circle(x, y, 2).fill(0xffd166);
    }
    // The cart: it shakes with speed, tips over when it derails.
    const cartW = Math.min(120, width * 0.28);
    const shake =
      sim.running() && this.effects.shake ? Math.sin(travelled * 0.3) * Math.min(4, m - 1) : 0;
    if (cartW !== this.drawnCartW) {
      // Drawn again only for a new size: moving and turning it changes its transform alone, and
      // Pixi then neither triangulates it again nor rebuilds the frame's draw instructions.
      this.drawnCartW = cartW;
      const c = this.cart.clear();
      c.roundRect(-cartW / 2, -cartW * 0.35, cartW, cartW * 0.5, 8).fill(CART);
      c.rect(-cartW / 2 - 4, -cartW * 0.4, cartW + 8, 8).fill(0x5a2a00);
      c.circle(-cartW * 0.3, cartW * 0.17, cartW * 0.1).fill(0x333333);
      c.circle(cartW * 0.3, cartW * 0.17, cartW * 0.1).fill(0x333333);
    }
    const tip = crashed ? Math.min(1, sim.sinceCrash * 3) : 0;
    this.cart.position.set(width / 2 + shake + tip * cartW * 0.6, height * 0.7 + tip * 20);
    this.cart.rotation = tip * 1.2;
    // Dust after the crash.
    const dusty = crashed && sim.sinceCrash < 2 && this.effects.dust;
    // An empty dust layer is left alone (clearing it would count as a change every frame).
    if (dusty || this.dustShown) this.dust.clear();
    this.dustShown = dusty;
    const d = this.dust;
    if (dusty) {
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
    this.publish();
  }

  hide(): void {
    minerFrenzyChannel.detach(this.api);
  }

  destroy(): void {
    this.overlay?.destroy();
    this.overlay = null;
  }

  /** The readout's state for the overlay; unchanged values notify no one (a new hundredth does). */
  private publish(): void {
    const { sim } = this;
    minerFrenzyStore.set({
      hundredths: Math.round(sim.multiplier() * 100),
      outcome: sim.ended?.crashed ? 'crashed' : sim.cashedOutAt !== null ? 'cashedOut' : null,
    });
  }

  /** Crystals (from ~1.3x) and magma cracks (from ~10x) on the walls, scrolling with the shaft. */
  private drawWalls(
    g: Graphics,
    travelled: number,
    depth: number,
    left: number,
    right: number,
  ): void {
    const crystals = Math.min(0.85, Math.max(0, (depth - 0.05) * 2.5));
    const cracks = Math.min(0.6, Math.max(0, (depth - 0.5) * 1.5));
    if (crystals === 0) return;
    const { width, height } = this;
    const colour = colourAlong(CRYSTAL_DEPTHS, depth);
    const wall = (k: number) => {
      const onLeft = noise(k, 1) < 0.5;
      const from = onLeft ? 6 : right + 22;
      const to = onLeft ? left - 22 : width - 6;
      return from + noise(k, 2) * Math.max(0, to - from);
    };
    const first = Math.floor(travelled / SEAM) - 1;
    const last = Math.ceil((travelled + height) / SEAM) + 1;
    for (let k = first; k <= last; k++) {
      const y = k * SEAM - travelled;
      const x = wall(k);
      if (noise(k, 0) < crystals) {
        const size = 4 + noise(k, 3) * 4 + depth * 6;
        g.circle(x, y, size * 1.8).fill({ color: colour, alpha: 0.18 });
        g.poly([x, y - size * 1.4, x + size * 0.7, y, x, y + size * 0.9, x - size * 0.7, y]).fill(
          colour,
        );
      }
      if (noise(k, 4) < cracks) {
        const cx = wall(k + 0.5);
        g.moveTo(cx, y - 20)
          .lineTo(cx + 6, y - 6)
          .lineTo(cx - 4, y + 6)
          .lineTo(cx + 3, y + 22)
          .stroke({ width: 3, color: LAVA, alpha: 0.55 + 0.45 * Math.sin(travelled * 0.02 + k) });
      }
    }
  }
}

export default defineScene({
  params: minerFrenzyParams,
  actions: [{ name: 'bet', keys: ['Space'] }],
  simulation: (data, values) => new MinerFrenzySimulation(data, values),
  view: () => new MinerFrenzyView(),
});
