import { Container, Sprite, Texture } from 'pixi.js';
import type { LayoutReport, LayoutSpace, SceneContext } from '../../engine/index';
import { defineScene, GameView } from '../shared/scene/gameScene';
import { minerFrenzyChannel, minerFrenzyStore, type MinerFrenzySceneApi } from './channel';
import { CART_FRAME, CART_WIDTH, RAILS_AT, SHAFT_FRAMES } from './art';
import { MINER_FRENZY_ART } from './bundle';
import { mountMinerFrenzyOverlay } from './overlay';
import { minerFrenzyParams } from './params';
import { cartShake, type CartShake } from './shake';
import { MinerFrenzySimulation } from './simulation';
import { cutFrame, DotLayer, dotFrames } from '../shared/scene/dotLayer';

/** No shake: the cart waiting, crashed, cashed out, or with reduced motion. */
const STILL: CartShake = { amplitude: 0, x: 0, y: 0, rotation: 0 };

const ROCK = 0x2a1a0e;
/** The rock as the shaft goes deeper (1x, about 5x, about 20x, 100x): brown, slate, amethyst, magma. */
const ROCK_DEPTHS = [ROCK, 0x1c2233, 0x2e1236, 0x4a1408];
/** The wall crystals' colour at the same depths. */
const CRYSTAL_DEPTHS = [0xffd166, 0x5ee7ff, 0xc77dff, 0xff7b3a];
const LAVA = 0xff5a1f;
/** Spacing of the wall's seams (a crystal or a crack may sit on each), px. */
const SEAM = 46;
/** Spacing of the timber beams, px. */
const BEAM_GAP = 90;
/** Seams drawn past the bottom of the canvas, so that the walls scroll a while before a redraw. */
const SEAMS_AHEAD = 24;
/** The walls are drawn again when the depth has moved this much (their colour and crystals). */
const DEPTH_STEP = 0.01;
/** The magma cracks pulse in this many groups, each a phase apart (a layer's alpha each). */
const CRACK_PHASES = 3;
const SPARK = 0xffd166;
const DUST = 0xc9a27a;

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

/** The walls' shapes as baked, white (tinted when placed), each centred in its box, px. */
const WALL_SHAPES = {
  /** A crystal of size 10 (its diamond 14 up, 9 down, 7 across) in its halo. */
  crystal: { x: 0, width: 40, height: 40, size: 10 },
  /** A magma crack: a jagged line 42 px long. */
  crack: { x: 40, width: 16, height: 48 },
} as const;

type WallFrames = Record<keyof typeof WALL_SHAPES, Texture>;

/** The crystal and the crack, baked once per engine side by side (one source: one layer each). */
function wallFrames(textures: SceneContext['engine']['textures']): WallFrames {
  const { crystal, crack } = WALL_SHAPES;
  const baked = textures.get('minerFrenzy:walls', (g) => {
    // The box's corners, invisible, so the texture's frame starts at the origin.
    g.rect(0, 0, crack.x + crack.width, crack.height).fill({ color: 0xffffff, alpha: 0 });
    const [cx, cy] = [crystal.width / 2, crystal.height / 2];
    const s = crystal.size;
    g.circle(cx, cy, s * 1.8).fill({ color: 0xffffff, alpha: 0.18 });
    g.poly([cx, cy - s * 1.4, cx + s * 0.7, cy, cx, cy + s * 0.9, cx - s * 0.7, cy]).fill(0xffffff);
    const [x, y] = [crack.x + crack.width / 2, crack.height / 2];
    g.moveTo(x, y - 20)
      .lineTo(x + 6, y - 6)
      .lineTo(x - 4, y + 6)
      .lineTo(x + 3, y + 22)
      .stroke({ width: 3, color: 0xffffff });
  });
  return {
    crystal: cutFrame(baked, { ...crystal, y: 0 }),
    crack: cutFrame(baked, { ...crack, y: 0 }),
  };
}

/**
 * A mine cart racing down a shaft while the multiplier grows; it derails at the crash. The
 * shaft, cart and dust are placed here every frame (drawn again only when their look changes);
 * the readout, the result and the strip of recent crash points are a React layer (overlay.tsx)
 * drawn from minerFrenzyStore.
 */
class MinerFrenzyView extends GameView<MinerFrenzySimulation> {
  /**
   * The shaft as layers that move rather than being drawn again each frame (triangulating it
   * whole every frame was most of a racing frame's work): the rock a baked tile repeated, tinted
   * by the depth; the walls' crystals and cracks drawn for a stretch below the canvas and
   * scrolled, again only when the scroll runs out or the depth changed their look; the baked
   * beams and posts, and the track's tiles, placed once per size and scrolled by less than their
   * spacing; sparks and dust pooled sprites.
   */
  /** The rock's tiles: a render group that stays still, tinted as one by the depth. */
  private readonly rock = new Container({ label: 'rock', isRenderGroup: true });
  private rockTexture: Texture = Texture.WHITE;
  /** The walls' crystals and each phase's magma cracks: baked shapes placed as particles. */
  private crystals!: DotLayer<WallFrames>;
  private cracks: DotLayer<WallFrames>[] = [];
  /** Beams and track are render groups: scrolling one moves its group, not each sprite in it. */
  private readonly beams = new Container({ label: 'beams', isRenderGroup: true });
  private readonly track = new Container({ label: 'track', isRenderGroup: true });
  private trackTexture: Texture = Texture.WHITE;
  /** The track tile's height as drawn, px (the track scrolls by less than it). */
  private trackStep: number = SHAFT_FRAMES.track.height;
  /** The rock's tint as last set (its tiles are laid with the beams, per size). */
  private rockTint = -1;
  private beamTexture: Texture = Texture.WHITE;
  private postTexture: Texture = Texture.WHITE;
  /** Sparks under the cart and dust over it (dotLayer.ts); created with the engine's dot. */
  private sparks!: DotLayer;
  /** The baked cart (art.ts), its anchor on the cart's origin. */
  private readonly cart = new Sprite({
    anchor: {
      x: CART_FRAME.originX / CART_FRAME.width,
      y: CART_FRAME.originY / CART_FRAME.height,
    },
  });
  private dust!: DotLayer;
  /** What the walls were drawn for: the seams (first and last), the depth step and the size. */
  private drawnWalls = { first: 0, last: -1, depthStep: -1, size: '' };
  /** The size the beams and rails were drawn for. */
  private drawnFrame = '';
  private overlay: ReturnType<typeof mountMinerFrenzyOverlay> | null = null;
  private width = 390;
  private height = 400;
  private motion!: SceneContext['engine']['motion'];
  /** Which of the round's effects play (reduced motion leaves them out). */
  private readonly effects = { shake: true, sparks: true, dust: true };
  /** The cart's shake in the last frame drawn, px (describeLayout). */
  private shakePx = 0;
  private wasRunning = false;
  private wasCrashed = false;
  /** What the shaft, cart and dust were last drawn from (see render). */
  private drawnKey = '';
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
    const frames = ctx.engine.assets.sheet(MINER_FRENZY_ART).textures;
    this.cart.texture = frames.cart!;
    this.rockTexture = frames.rock!;
    this.trackTexture = frames.track!;
    this.beamTexture = frames.beam!;
    this.postTexture = frames.post!;
    const walls = wallFrames(ctx.engine.textures);
    this.crystals = new DotLayer('crystals', walls);
    this.cracks = Array.from(
      { length: CRACK_PHASES },
      (_, i) => new DotLayer(`cracks-${i}`, walls),
    );
    const dots = dotFrames(ctx.engine.textures);
    this.sparks = new DotLayer('sparks', dots);
    this.dust = new DotLayer('dust', dots);
    ctx.root.addChild(
      this.rock,
      this.crystals.view,
      ...this.cracks.map((layer) => layer.view),
      this.beams,
      this.track,
      this.sparks.view,
      this.cart,
      this.dust.view,
    );
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
      /** How wide the cart shakes now, px (0 at rest, with reduced motion, after the round). */
      shakePx: this.shakePx,
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
    const rockTint = colourAlong(ROCK_DEPTHS, depth);
    if (this.rockTint !== rockTint) this.rock.tint = this.rockTint = rockTint;
    const left = width * 0.22;
    const right = width * 0.78;
    const railGap = Math.min(80, width * 0.18);
    const size = `${width}x${height}`;
    if (size !== this.drawnFrame) {
      this.drawnFrame = size;
      this.drawFrame(left, right, railGap);
      this.tileRock(width, height);
    }
    this.placeWalls(travelled, depth, left, right, size);
    this.beams.y = -(travelled % BEAM_GAP);
    this.track.y = -(travelled % this.trackStep);
    // Sparks grow with the multiplier.
    const sparks =
      sim.running() && this.effects.sparks ? Math.min(24, Math.floor(Math.log(m) * 8)) : 0;
    this.sparks.begin();
    for (let i = 0; i < sparks; i++) {
      const x = width / 2 + Math.sin(i * 12.9 + travelled * 0.05) * railGap;
      const y = height * 0.72 + ((i * 37 + travelled) % 60);
      this.sparks.put('dot', x, y, 4, 4, SPARK, 1);
    }
    this.sparks.end();
    // The cart: it shakes harder as the multiplier climbs (shake.ts), tips over when it derails.
    const cartW = Math.min(120, width * 0.28);
    const shake = sim.running() && this.effects.shake ? cartShake(travelled, m) : STILL;
    this.shakePx = shake.amplitude;
    // The baked cart (art.ts), scaled to its width: moved and turned, never drawn.
    this.cart.scale.set(cartW / CART_WIDTH);
    const tip = crashed ? Math.min(1, sim.sinceCrash * 3) : 0;
    this.cart.position.set(
      width / 2 + shake.x + tip * cartW * 0.6,
      height * 0.7 + shake.y + tip * 20,
    );
    this.cart.rotation = shake.rotation + tip * 1.2;
    // Dust after the crash.
    const dusty = crashed && sim.sinceCrash < 2 && this.effects.dust;
    const count = dusty ? sim.values.dust : 0;
    const fade = Math.max(0, 1 - sim.sinceCrash / 2);
    this.dust.begin();
    for (let i = 0; i < count; i++) {
      const angle = (i / count) * Math.PI * 2;
      const r = sim.sinceCrash * (60 + (i % 7) * 15);
      const x = this.cart.x + Math.cos(angle) * r;
      const y = this.cart.y + Math.sin(angle) * r * 0.5;
      const d = 2 * (4 + (i % 3));
      this.dust.put('dot', x, y, d, d, DUST, fade);
    }
    this.dust.end();
    this.publish();
  }

  /** Sparks and dust move with no scene-graph change: the frame is drawn while any are shown. */
  still(): boolean {
    const sparksStill = this.sparks.still();
    return this.dust.still() && sparksStill;
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

  /** The rock's tiles over the canvas, for a size. */
  private tileRock(width: number, height: number): void {
    for (const old of this.rock.removeChildren()) old.destroy();
    const { width: w, height: h } = SHAFT_FRAMES.rock;
    for (let y = 0; y < height; y += h) {
      for (let x = 0; x < width; x += w) {
        const sprite = new Sprite(this.rockTexture);
        sprite.position.set(x, y);
        this.rock.addChild(sprite);
      }
    }
  }

  /** The beams (over the canvas and one spacing more, to scroll) and the track, for a size. */
  private drawFrame(left: number, right: number, railGap: number): void {
    const { width, height } = this;
    for (const old of this.beams.removeChildren()) old.destroy();
    const piece = (texture: Texture, x: number, y: number, w: number, h: number) => {
      const sprite = new Sprite(texture);
      sprite.position.set(x, y);
      sprite.setSize(w, h);
      this.beams.addChild(sprite);
    };
    for (let beamY = height + BEAM_GAP; beamY > -2 * BEAM_GAP; beamY -= BEAM_GAP) {
      piece(this.postTexture, left - 14, beamY - 40, 12, 52);
      piece(this.postTexture, right + 2, beamY - 40, 12, 52);
      piece(this.beamTexture, left - 16, beamY, right - left + 32, 12);
    }

    // The track's tiles, scaled so that their rails are railGap apart, down the canvas and one
    // tile more (sprites of the sheet: drawn in one batch with the beams and the cart).
    for (const old of this.track.removeChildren()) old.destroy();
    const scale = railGap / (2 * RAILS_AT);
    const tile = {
      width: SHAFT_FRAMES.track.width * scale,
      height: SHAFT_FRAMES.track.height * scale,
    };
    this.trackStep = tile.height;
    for (let y = 0; y < height + tile.height; y += tile.height) {
      const sprite = new Sprite(this.trackTexture);
      sprite.position.set(width / 2 - tile.width / 2, y);
      sprite.setSize(tile.width, tile.height);
      this.track.addChild(sprite);
    }
  }

  /**
   * Crystals (from ~1.3x) and magma cracks (from ~10x) on the walls, scrolling with the shaft:
   * drawn at their seams for a stretch below the canvas, then moved; drawn again when the
   * canvas reaches the stretch's end, the size changed or the depth moved a step.
   */
  private placeWalls(
    travelled: number,
    depth: number,
    left: number,
    right: number,
    size: string,
  ): void {
    const { height } = this;
    const first = Math.floor(travelled / SEAM) - 1;
    const last = Math.ceil((travelled + height) / SEAM) + 1;
    const depthStep = Math.round(depth / DEPTH_STEP);
    const drawn = this.drawnWalls;
    if (
      first < drawn.first ||
      last > drawn.last ||
      depthStep !== drawn.depthStep ||
      size !== drawn.size
    ) {
      this.drawnWalls = { first, last: last + SEAMS_AHEAD, depthStep, size };
      this.drawWalls(first, last + SEAMS_AHEAD, depthStep * DEPTH_STEP, left, right);
    }
    // Drawn at y = (k - first) * SEAM: a seam's place on the canvas is k * SEAM - travelled.
    const y = this.drawnWalls.first * SEAM - travelled;
    this.crystals.view.y = y;
    this.cracks.forEach(({ view }, phase) => {
      view.y = y;
      view.alpha = 0.55 + 0.45 * Math.sin(travelled * 0.02 + (phase * 2 * Math.PI) / CRACK_PHASES);
    });
  }

  private drawWalls(first: number, last: number, depth: number, left: number, right: number): void {
    const { crystals, cracks } = this;
    crystals.begin();
    for (const layer of cracks) layer.begin();
    const crystalShare = Math.min(0.85, Math.max(0, (depth - 0.05) * 2.5));
    const crackShare = Math.min(0.6, Math.max(0, (depth - 0.5) * 1.5));
    const { width } = this;
    const colour = colourAlong(CRYSTAL_DEPTHS, depth);
    const wall = (k: number) => {
      const onLeft = noise(k, 1) < 0.5;
      const from = onLeft ? 6 : right + 22;
      const to = onLeft ? left - 22 : width - 6;
      return from + noise(k, 2) * Math.max(0, to - from);
    };
    for (let k = first; crystalShare > 0 && k <= last; k++) {
      const y = (k - first) * SEAM;
      if (noise(k, 0) < crystalShare) {
        const grow = (4 + noise(k, 3) * 4 + depth * 6) / WALL_SHAPES.crystal.size;
        const { width: w, height: h } = WALL_SHAPES.crystal;
        crystals.put('crystal', wall(k), y, w * grow, h * grow, colour, 1);
      }
      if (noise(k, 4) < crackShare) {
        const { width: w, height: h } = WALL_SHAPES.crack;
        const phase = ((k % CRACK_PHASES) + CRACK_PHASES) % CRACK_PHASES;
        cracks[phase]!.put('crack', wall(k + 0.5), y, w, h, LAVA, 1);
      }
    }
    crystals.end();
    for (const layer of cracks) layer.end();
  }
}

export default defineScene({
  params: minerFrenzyParams,
  actions: [{ name: 'bet', keys: ['Space'] }],
  simulation: (data, values) => new MinerFrenzySimulation(data, values),
  view: () => new MinerFrenzyView(),
});
