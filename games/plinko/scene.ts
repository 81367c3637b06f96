import {
  Container,
  Graphics,
  Particle,
  ParticleContainer,
  Sprite,
  TextStyle,
  type Texture,
} from 'pixi.js';
import {
  NUMBER_GLYPHS,
  prepareGlyphs,
  SpriteText,
  spriteTextWidth,
  type LayoutReport,
  type LayoutSpace,
  type SceneContext,
} from '../../engine/index';
import { defineScene, GameView } from '../shared/scene/gameScene';
import { playGameSound } from '../shared/scene/sounds';
import { conceal, showAt } from '../shared/scene/transparent';
import type { BoardGeometry } from './board';
import { PLINKO_ART } from './bundle';
import { plinkoChannel, type PlinkoSceneApi } from './channel';
import { updateLights } from './lights';
import { PLINKO_LAYOUT, plinkoLayout, shortMultiplierLabel, type PlinkoLayout } from './layout';
import { plinkoParams } from './params';
import { plinkoMultipliersE4, type PlinkoRisk } from './rules';
import { RemotePlinkoSimulation } from './remoteSimulation';
import {
  PlinkoSimulation,
  type PlinkoData,
  type PlinkoLanding,
  type PlinkoWorld,
} from './simulation';
import { formatShortDecimal } from '../fairness/money';

const HISTORY_SIZE = PLINKO_LAYOUT.chip.count;
/** Bucket labels, in CSS px (the layout picks the size). */
const LABEL_STYLE = {
  // Narrow faces first: 17 buckets share a phone's width.
  fontFamily:
    "'Roboto Condensed', sans-serif-condensed, 'Arial Narrow', 'DejaVu Sans Condensed', system-ui, sans-serif",
  fontWeight: '800',
  fill: 0x1a1206,
} as const;
/** Every character a bucket's label shows (its multiplier, full or short: `1,5×`, `1k`). */
const LABEL_GLYPHS = `${NUMBER_GLYPHS}k`;
const measureStyle = new TextStyle(LABEL_STYLE);
/** As the label draws it: glyph sprites of one font atlas (SpriteText), not a canvas text. */
function measureLabel(text: string, fontPx: number): number {
  measureStyle.fontSize = fontPx;
  return spriteTextWidth(text, measureStyle);
}
/** Peg hits tick at most this often (ms of simulated time). */
const TICK_EVERY_MS = 60;
/** Landings closer together than this share one sound (a win sound is never dropped). */
const LANDING_SOUND_EVERY_MS = 40;
const BUCKET_BOUNCE_MS = 320;
/** A bucket's light is shown in this many steps (lights.ts gives it continuously). */
const LIGHT_STEPS = 10;

/** A bucket's white overlay: its landing flash, or a third of its light, whichever is brighter. */
function showFlash(bucket: BucketSprite): void {
  showAt(bucket.flash, Math.max(bucket.flashLevel, bucket.light.alpha * 0.3));
}

/** Bucket colours from the edge (rare, high) to the centre (common, low). */
function bucketColor(multiplierE4: number): number {
  if (multiplierE4 >= 100_000) return 0xff3b5c;
  if (multiplierE4 >= 30_000) return 0xff6b3d;
  if (multiplierE4 >= 15_000) return 0xff9f2e;
  if (multiplierE4 >= 10_000) return 0xffc53d;
  return 0xf6e05e;
}

/** 10000 -> "1×", 5000 -> "0,5×", 10_000_000 -> "1000×" (the decimal comma of every screen). */
export function multiplierLabel(multiplierE4: number): string {
  return `${formatShortDecimal(multiplierE4 / 10_000)}×`;
}

/** A history chip's box, CSS px at scale 1 (the layout scales the strip). */
const CHIP = { width: 72, height: 36, radius: 8 };
const CHIP_LABEL_STYLE = {
  fontFamily: 'system-ui, sans-serif',
  fontSize: 16,
  fontWeight: '800',
  fill: 0x1a1206,
} as const;

interface HistorySlot {
  root: Container;
  box: Sprite;
  label: SpriteText;
  /** The multiplier it shows (its label and colour), null before its first. */
  shown: number | null;
}

interface BucketSprite {
  box: Container;
  /** A halo around the bucket, as bright as its nearest ball is near (lights.ts). */
  light: Graphics;
  flash: Graphics;
  /** The landing flash's own share of `flash` (the light adds to it). */
  flashLevel: number;
  index: number;
  /** Glyph sprites of one atlas: the 17 labels draw in one batch (a Text each took a texture). */
  label: SpriteText;
  baseY: number;
  labelY: number;
  /** How far it dips when a ball lands (CSS px). */
  dip: number;
  /** Time left of its bounce, ms. */
  bounce: number;
}

/**
 * The plinko board: pegs, buckets labelled with the risk's multipliers (they bounce and flash
 * when a ball lands), balls interpolated between physics steps, and a strip of the last results.
 */
class PlinkoView extends GameView<PlinkoWorld, PlinkoData> {
  private pegTexture!: Texture;
  private ballTexture!: Texture;
  /** A bucket's box, white: tinted with its multiplier's colour. */
  private bucketTexture!: Texture;
  /** Pegs and balls in the physics' world units, scaled and placed by the layout. */
  private readonly board = new Container({ label: 'plinko-board' });
  /**
   * A render group of its own: the pegs never change while balls fly, so Pixi builds their draw
   * instructions and uploads their vertices once, not again whenever something else on the board
   * changes (a bucket bouncing, a history chip swapped).
   */
  private readonly pegLayer = new Container({ label: 'pegs', isRenderGroup: true });
  /**
   * Buckets in CSS px, so labels keep a readable size at any board scale. A render group of its
   * own: their lights and bounces change while balls fly, and rebuild this layer's instructions
   * only.
   */
  private readonly bucketLayer = new Container({ label: 'buckets', isRenderGroup: true });
  /** Above every bucket: a label on two lines may be wider than its own bucket. */
  private readonly labelLayer = new Container({ label: 'bucket-labels' });
  /**
   * Balls are particles (one texture, only their positions change): no scene-graph transforms,
   * and a ball coming or going rebuilds no draw instructions. Created with the ball texture.
   */
  private ballLayer!: ParticleContainer;
  /** A render group of its own: should something at a landing rebuild draw instructions, it
   * rebuilds this strip's only, not the whole board's. */
  private readonly historyLayer = new Container({ label: 'history', isRenderGroup: true });
  private readonly spareBalls: Particle[] = [];
  private readonly ballParticles = new Map<number, Particle>();
  /** The board's multipliers, kept while its rows and risk stay (read at every landing). */
  private multiplierTable: { rows: number; risk: PlinkoRisk; e4: readonly number[] } | null = null;
  private buckets: BucketSprite[] = [];
  /** Each bucket's light, 0 to 1 (lights.ts). */
  private lights: number[] = [];
  private drawn: { board: BoardGeometry; risk: PlinkoRisk } | null = null;
  private space: LayoutSpace | null = null;
  private placed: PlinkoLayout | null = null;
  private lastTickMs = -Infinity;
  private lastLandingSoundMs = -Infinity;
  private clockMs = 0;
  private lastInFlight = 0;
  private historyDirty = false;
  /** Something on the board changed since the engine last asked (still()). */
  private changed = true;
  /**
   * The history's chips, newest first: a white rounded box tinted with the bucket's colour and a
   * label of glyph sprites (SpriteText: relabelled in place, where a bitmap text's new words
   * rebuilt its layer's draw instructions at every landing, up to 10 ms at 4x). A landing moves
   * the chips along and relabels one, the chip that shows the new result (see redrawHistory).
   */
  private historySlots: HistorySlot[] = [];
  private motion!: SceneContext['engine']['motion'];
  private readonly waiting = new Map<number, (bucket: number) => void>();
  private unsubscribe: (() => void)[] = [];
  private readonly api: PlinkoSceneApi = {
    drop: (path, bucket, instant = false) =>
      new Promise<number>((resolve) => {
        const id = this.sim.drop({ path, bucket, instant });
        this.waiting.set(id, resolve);
        this.reportInFlight();
      }),
    configure: ({ rows, risk }) => void this.sim.setBoard(rows, risk),
    inFlight: () => this.sim.inFlight,
  };

  create(ctx: SceneContext): void {
    const art = ctx.engine.assets.sheet(PLINKO_ART).textures;
    this.pegTexture = art.peg!;
    this.ballTexture = art.ball!;
    this.bucketTexture = art.bucket!;
    this.motion = ctx.engine.motion;
    this.ballLayer = new ParticleContainer({ label: 'balls', texture: this.ballTexture });
    this.board.addChild(this.pegLayer, this.ballLayer);
    // The labels' glyphs on the GPU now, not in the frame that first shows them.
    prepareGlyphs({ style: measureStyle }, ctx.engine.renderer, LABEL_GLYPHS);
    const chip = ctx.engine.textures.get('plinko:chip', (box) =>
      box.roundRect(0, 0, CHIP.width, CHIP.height, CHIP.radius).fill(0xffffff),
    );
    this.historySlots = Array.from({ length: HISTORY_SIZE }, () => {
      // Placed, faded and shown by placeHistory(), labelled by redrawHistory().
      const root = new Container({ alpha: 0 });
      const box = new Sprite({ texture: chip, anchor: 0.5 });
      const label = new SpriteText({ anchor: 0.5, style: CHIP_LABEL_STYLE, capacity: 8 });
      prepareGlyphs(label, ctx.engine.renderer);
      root.addChild(box, label);
      this.historyLayer.addChild(root);
      return { root, box, label, shown: null };
    });
    ctx.root.addChild(this.board, this.bucketLayer, this.labelLayer, this.historyLayer);
  }

  layout(space: LayoutSpace): void {
    this.space = space;
    this.placeBoard();
    this.changed = true;
  }

  describeLayout(): LayoutReport {
    const placed = this.placed;
    if (!placed) return {};
    const first = placed.buckets[0]!;
    const last = placed.buckets.at(-1)!;
    // Each label's extent across (upright ones), from its laid-out words.
    const labels = this.buckets.map(({ label }) => ({
      x: label.x - label.textWidth * label.anchor.x,
      width: label.textWidth,
    }));
    return {
      rows: this.sim.rows,
      boardScale: placed.board.scale,
      buckets: {
        x: first.x,
        y: first.y,
        width: last.x + last.width - first.x,
        height: first.height,
      },
      labelPx: placed.labelPx,
      /** Each bucket's light in hundredths ("0,0,42,0,…"): a ball nears the lit ones. */
      lights: this.lights.map((level) => Math.round(level * 100)).join(','),
      labelsRotated: placed.labelsRotated,
      // Neighbouring labels run into each other (upright ones: digits are ~0.75 em across).
      labelsOverlap: placed.labelsRotated
        ? placed.labelPx * 0.75 > first.width
        : labels.some((bounds, i) => {
            const next = labels[i + 1];
            return next !== undefined && bounds.x + bounds.width > next.x + 0.5;
          }),
    };
  }

  show(): void {
    this.clockMs = 0;
    this.lastTickMs = -Infinity;
    this.lastLandingSoundMs = -Infinity;
    this.unsubscribe = [
      this.sim.onLanding((landing) => this.landed(landing)),
      this.sim.onPegHit(() => this.pegHit()),
    ];
    this.redrawBoard();
    this.redrawHistory();
    this.changed = true;
    plinkoChannel.attach(this.api);
  }

  update(dt: number): void {
    this.clockMs += dt * 1000;
    if (this.drawn?.board !== this.sim.board || this.drawn.risk !== this.sim.risk) {
      this.redrawBoard();
      this.changed = true;
    }
    if (this.historyDirty) {
      this.historyDirty = false;
      this.redrawHistory();
      this.changed = true;
    }
    for (const bucket of this.buckets) {
      if (bucket.bounce <= 0) continue;
      this.changed = true;
      bucket.bounce = Math.max(0, bucket.bounce - dt * 1000);
      const t = 1 - bucket.bounce / BUCKET_BOUNCE_MS;
      const dip = Math.sin(t * Math.PI) * bucket.dip;
      bucket.box.y = bucket.baseY + dip;
      bucket.label.y = bucket.labelY + dip;
      bucket.flashLevel = (1 - t) * 0.8;
      showFlash(bucket);
    }
    if (updateLights(this.lights, this.sim.balls, this.sim.board, dt)) {
      this.changed = true;
      for (const bucket of this.buckets) {
        // In steps of a tenth: a light changes a few times as its ball nears, not every frame.
        const level = Math.round((this.lights[bucket.index] ?? 0) * LIGHT_STEPS) / LIGHT_STEPS;
        if (level === bucket.light.alpha) continue;
        showAt(bucket.light, level);
        showFlash(bucket);
      }
    }
  }

  render(alpha: number): void {
    // In flight counts a ball dropped that the worker's next step shows (remoteSimulation.ts).
    if (this.sim.balls.length > 0 || this.sim.inFlight > 0) this.changed = true;
    let added = false;
    for (const ball of this.sim.balls) {
      let particle = this.ballParticles.get(ball.id);
      if (!particle) {
        particle = this.spareBalls.pop() ?? this.newBall();
        particle.scaleX = particle.scaleY = (ball.radius * 2) / this.ballTexture.orig.width;
        this.ballParticles.set(ball.id, particle);
        this.ballLayer.addParticle(particle);
        added = true;
      }
      const { x, y } = ball.body.position;
      particle.x = ball.prevX + (x - ball.prevX) * alpha;
      particle.y = ball.prevY + (y - ball.prevY) * alpha;
    }
    // Scale is a static property, uploaded again only when told: a reused particle may take a
    // ball of another size (the designers' ball radius applies to the next balls).
    if (added) this.ballLayer.update();
    // Particles go at their balls' landings; one left past its ball (a ball gone without a
    // landing, which no simulation does now) is swept here rather than kept for good.
    if (this.ballParticles.size > this.sim.inFlight) {
      const flying = new Set(this.sim.balls.map((ball) => ball.id));
      for (const id of [...this.ballParticles.keys()]) if (!flying.has(id)) this.removeBall(id);
    }
  }

  /** A landed ball's particle goes back to the spares (landed() for each landing). */
  private removeBall(id: number): void {
    const particle = this.ballParticles.get(id);
    if (!particle) return;
    this.ballParticles.delete(id);
    this.ballLayer.removeParticle(particle);
    this.spareBalls.push(particle);
    this.changed = true;
  }

  /** The current board's multipliers (e4), computed once per rows and risk. */
  private multipliers(): readonly number[] {
    const { rows, risk } = this.sim;
    const table = this.multiplierTable;
    if (table?.rows === rows && table.risk === risk) return table.e4;
    const e4 = plinkoMultipliersE4(rows, risk);
    this.multiplierTable = { rows, risk, e4 };
    return e4;
  }

  private newBall(): Particle {
    return new Particle({ texture: this.ballTexture, anchorX: 0.5, anchorY: 0.5 });
  }

  /** An idle board (no ball, no bucket bouncing) is not drawn again until something changes. */
  still(): boolean {
    const still = !this.changed;
    this.changed = false;
    return still;
  }

  hide(): void {
    plinkoChannel.detach(this.api);
  }

  shutdown(): void {
    for (const off of this.unsubscribe) off();
    this.unsubscribe = [];
    // Balls still in flight when the page is left: their bets are settled on the server anyway.
    for (const [, resolve] of this.waiting) resolve(-1);
    this.waiting.clear();
    for (const particle of this.ballParticles.values()) this.spareBalls.push(particle);
    this.ballParticles.clear();
    this.ballLayer.removeParticles();
    this.drawn = null;
  }

  destroy(): void {
    this.spareBalls.length = 0;
    this.board.destroy({ children: true });
    this.bucketLayer.destroy({ children: true });
    this.labelLayer.destroy({ children: true });
    this.historyLayer.destroy({ children: true });
  }

  private landed(landing: PlinkoLanding): void {
    this.removeBall(landing.id);
    const bucket = this.buckets[landing.bucket];
    // Reduced motion: the bucket neither flashes nor bounces (the history shows the landing).
    if (bucket && this.motion.allow('flash')) bucket.bounce = BUCKET_BOUNCE_MS;
    const multiplier = this.multipliers()[landing.bucket] ?? 0;
    const win = multiplier >= 20_000;
    if (win || this.clockMs - this.lastLandingSoundMs >= LANDING_SOUND_EVERY_MS) {
      this.lastLandingSoundMs = this.clockMs;
      playGameSound(win ? 'win' : 'reveal');
    }
    this.historyDirty = true;
    const resolve = this.waiting.get(landing.id);
    this.waiting.delete(landing.id);
    resolve?.(landing.bucket);
    this.reportInFlight();
  }

  private pegHit(): void {
    if (this.clockMs - this.lastTickMs < TICK_EVERY_MS) return;
    this.lastTickMs = this.clockMs;
    playGameSound('tick');
  }

  private reportInFlight(): void {
    const count = this.sim.inFlight;
    if (count === this.lastInFlight) return;
    this.lastInFlight = count;
    plinkoChannel.emit('inFlight', count);
  }

  /** Pegs for the current rows and spacing; then buckets and board placed for the canvas. */
  private redrawBoard(): void {
    const board = this.sim.board;
    const risk = this.sim.risk;
    this.drawn = { board, risk };
    this.pegLayer.removeChildren().forEach((child) => child.destroy());
    for (const peg of board.pegs) {
      const sprite = new Sprite(this.pegTexture);
      sprite.anchor.set(0.5);
      sprite.width = sprite.height = board.pegRadius * 2;
      sprite.position.set(peg.x, peg.y);
      this.pegLayer.addChild(sprite);
    }
    this.placeBoard();
  }

  /** Scales the board into the canvas, and draws the buckets and the history strip there. */
  private placeBoard(): void {
    const space = this.space;
    const drawn = this.drawn;
    if (!space || !drawn) return;
    const { board, risk } = drawn;
    const multipliers = plinkoMultipliersE4(board.rows, risk);
    const placed = plinkoLayout(
      space,
      board,
      multipliers.map(multiplierLabel),
      multipliers.map(shortMultiplierLabel),
      measureLabel,
    );
    this.placed = placed;
    this.board.scale.set(placed.board.scale);
    this.board.position.set(placed.board.x, placed.board.y);
    this.bucketLayer.removeChildren().forEach((child) => child.destroy({ children: true }));
    this.labelLayer.removeChildren().forEach((child) => child.destroy());
    if (this.lights.length !== multipliers.length) this.lights = multipliers.map(() => 0);
    this.buckets = placed.buckets.map((rect, i) => {
      const multiplier = multipliers[i] ?? 0;
      const radius = Math.min(5, rect.width / 4);
      const box = new Container();
      const shape = new Sprite(this.bucketTexture);
      shape.tint = bucketColor(multiplier);
      shape.setSize(rect.width, rect.height);
      const flash = new Graphics().roundRect(0, 0, rect.width, rect.height, radius).fill(0xffffff);
      conceal(flash);
      // The bucket's own colour, glowing out of it in two soft rings.
      const halo = Math.max(3, Math.min(9, rect.width * 0.25));
      const light = new Graphics();
      for (const [grow, alpha] of [
        [halo, 0.35],
        [halo * 0.5, 0.7],
      ] as const) {
        light
          .roundRect(-grow, -grow, rect.width + 2 * grow, rect.height + 2 * grow, radius + grow)
          .fill({ color: bucketColor(multiplier), alpha });
      }
      showAt(light, this.lights[i] ?? 0);
      const spot = placed.labels[i]!;
      const label = new SpriteText({
        text: spot.text,
        style: { ...LABEL_STYLE, fontSize: placed.labelPx },
        anchor: 0.5,
        glyphs: LABEL_GLYPHS,
      });
      label.position.set(spot.x, spot.y);
      label.rotation = placed.labelsRotated ? -Math.PI / 2 : 0;
      box.addChild(light, shape, flash);
      box.position.set(rect.x, rect.y);
      this.bucketLayer.addChild(box);
      this.labelLayer.addChild(label);
      const dip = Math.min(10, rect.height * 0.35);
      return {
        box,
        light,
        flash,
        flashLevel: 0,
        index: i,
        label,
        baseY: rect.y,
        labelY: spot.y,
        dip,
        bounce: 0,
      };
    });
    this.placeHistory();
  }

  /**
   * The chips in the strip, in their order (newest first), fading with age; a chip with nothing
   * to show yet is transparent (switching `visible` rebuilt the strip's draw instructions).
   */
  private placeHistory(): void {
    const strip = this.placed?.history;
    this.historySlots.forEach(({ root, shown }, i) => {
      root.alpha = shown === null ? 0 : 1 - i * 0.12;
      if (!strip) return;
      root.position.set(strip.x + i * strip.dx, strip.y + i * strip.dy);
      root.scale.set(strip.scale);
    });
  }

  /**
   * The last results, newest first, each in its bucket's colour. Each place takes a chip that
   * already shows its multiplier where one is left; only the others are relabelled (after a
   * landing: the newest).
   */
  private redrawHistory(): void {
    const multipliers = this.multipliers();
    const wanted = this.historySlots.map((_, i) => {
      const bucket = this.sim.history[i];
      return bucket === undefined ? null : (multipliers[bucket] ?? 0);
    });
    const free = new Map<number | null, HistorySlot[]>();
    for (const slot of this.historySlots) {
      const same = free.get(slot.shown);
      if (same) same.push(slot);
      else free.set(slot.shown, [slot]);
    }
    const order: (HistorySlot | undefined)[] = wanted.map((multiplier) =>
      free.get(multiplier)?.pop(),
    );
    const spare = [...free.values()].flat();
    this.historySlots = order.map((slot, i) => {
      if (slot) return slot;
      const taken = spare.pop()!;
      const multiplier = wanted[i] ?? null;
      taken.shown = multiplier;
      if (multiplier !== null) {
        taken.box.tint = bucketColor(multiplier);
        taken.label.text = multiplierLabel(multiplier);
      }
      return taken;
    });
    this.placeHistory();
  }
}

export const plinkoScene = defineScene({
  params: plinkoParams,
  // In a worker where the page has workers (a phone's main thread keeps its frame for drawing);
  // in the page with the designers' overlay (?debug), whose wireframe draws the matter-js world.
  simulation: (data, values): PlinkoWorld =>
    typeof Worker === 'function' && !/[?&]debug(=|&|$)/.test(globalThis.location?.search ?? '')
      ? new RemotePlinkoSimulation(data, values)
      : new PlinkoSimulation(data, values),
  view: () => new PlinkoView(),
});

export default plinkoScene;
