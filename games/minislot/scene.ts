import { Container, Graphics, Rectangle, Text, type Texture } from 'pixi.js';
import {
  defaultValues,
  type ActionPhase,
  type LayoutReport,
  type LayoutSpace,
  type ParamValues,
  type SceneContext,
} from '../../engine/index';
import { defineScene, GameView } from '../shared/scene/gameScene';
import { MINISLOT_ART, MINISLOT_SFX, type MinislotSound } from './bundle';
import { minislotChannel, type MinislotSceneApi, type ShownSpin } from './channel';
import { minislotParams } from './params';
import { trailAtlas, WindowSprite } from './reels';
import { PAYS, REELS, STRIP, type SlotSymbol } from './rules';
import { MinislotSimulation } from './simulation';

const N = STRIP.length;
/**
 * Symbols drawn per reel: stop k sits (k - pos) cells from the line, so a 3-row window shows at
 * most the 4 stops floor(pos) - 1 .. floor(pos) + 2.
 */
const SLOTS = 4;
/** A symbol's size in its cell. */
const SYMBOL = 0.82;
/** The motion blur's length in cells at full speed and full strength (param blur = 1). */
const TRAIL = 0.56;
/** Below this strength (the reel all but still) no blur is drawn. */
const MIN_BLUR = 0.02;
const CABINET = 0x10192b;
const REEL = 0xf4f1ea;
const GOLD = 0xffc83d;
const LINE = 0x8fa3d8;

interface ReelView {
  container: Container;
  back: Graphics;
  symbols: WindowSprite[];
  /** Each symbol's motion blur (a pre-blurred trail above it), under the symbols. */
  trails: WindowSprite[];
  /** What the sprites show now: a reel that has not moved is not redrawn. */
  drawnPos: number;
  drawnFast: number;
  drawnLayout: number;
}

/**
 * Three reels of the real strip; they spin with motion blur and stop left to right with a bounce.
 * Per frame only sprites move: each symbol and its trail are one sprite each, clipped to the
 * window by their texture frames (no mask), from two textures (the sheet and the trails baked
 * once), so the scene draws in one batch and a reel at rest costs nothing.
 */
class MinislotView extends GameView<MinislotSimulation> {
  private ctx!: SceneContext;
  /** Per stop of the strip: its symbol's frame in the sheet (null for BLANK: nothing drawn). */
  private stopFrames: (Rectangle | null)[] = [];
  /** Per stop of the strip: its symbol's trail in the trail atlas (null for BLANK). */
  private stopTrails: (Rectangle | null)[] = [];
  private readonly cabinet = new Graphics();
  private readonly reelsBox = new Container();
  private readonly payline = new Graphics();
  private readonly highlight = new Graphics();
  /** The glow around the last reel while it teases (drawn once per layout, shown or hidden). */
  private readonly teaseFrame = new Graphics();
  private drawnTeaseLayout = -1;
  private reels: ReelView[] = [];
  private banner!: Text;
  private cell = 100;
  private gap = 10;
  private window = { x: 0, y: 0, width: 0, height: 0 };
  private turbo = false;
  private shown: ShownSpin | null = null;
  /** Seconds since the last reel rested (the win glow pulses on it). */
  private glow = 0;
  /** The shown win's glow pulses (not with reduced motion). */
  private pulsing = false;
  private motion!: SceneContext['engine']['motion'];
  /** Bumped by layout(): what was drawn for an older layout is drawn again. */
  private layoutVersion = 0;
  /** Which win the highlight shows (null for none) and for which layout, so it is drawn once. */
  private drawnWin: ShownSpin | null = null;
  private drawnWinLayout = -1;
  private values = defaultValues(minislotParams);
  /** Space (the `bet` action) stops turning reels at once, as a tap does; otherwise the panel spins. */
  readonly action = (name: string, phase: ActionPhase): boolean => {
    if (name === 'bet' && this.sim.spinning) {
      if (phase === 'down') this.sim.skip();
      return true;
    }
    return minislotChannel.action(name, phase);
  };
  private readonly api: MinislotSceneApi = {
    configure: ({ turbo }) => (this.turbo = turbo),
    spin: (spin) =>
      new Promise<void>((resolve) => {
        this.shown = null;
        this.glow = 0;
        this.play('spin');
        this.sim.spin(spin.stops, this.turbo, () => {
          this.shown = spin;
          this.glow = 0;
          // Reduced motion (engine.motion): the win is framed, without the pulsing glow.
          this.pulsing = spin.win ? this.motion.allow('flash') : false;
          if (spin.win) this.play(spin.big ? 'bigWin' : 'smallWin');
          resolve();
        });
      }),
    skip: () => this.sim.skip(),
  };

  override init(data: unknown, sim: MinislotSimulation): void {
    super.init(data, sim);
    sim.onReelStop = (reel) => {
      this.play('stop');
      // The reel before the last has stopped on the second of two alike: the last one teases.
      if (reel === REELS - 2 && sim.teasing) this.play('tease');
    };
    this.layoutVersion += 1;
  }

  create(ctx: SceneContext): void {
    this.ctx = ctx;
    // The cabinet's and the win frame's round corners take more vertices than Pixi batches on its
    // own: batched anyway (they are drawn once), the whole scene is a single draw call.
    this.cabinet.context.batchMode = 'batch';
    this.highlight.context.batchMode = 'batch';
    this.teaseFrame.context.batchMode = 'batch';
    this.teaseFrame.visible = false;
    this.motion = ctx.engine.motion;
    const sheet = ctx.engine.assets.sheet(MINISLOT_ART);
    const frames = new Map<SlotSymbol, Texture>();
    for (const symbol of new Set(STRIP)) {
      if (symbol !== 'BLANK') frames.set(symbol, sheet.textures[symbol]!);
    }
    const sheetSource = frames.get('SEVEN')!.source;
    // The trails, baked once (and kept by the engine across visits): each at the length it has at
    // full speed with the default strength, stretched or squeezed for any other.
    const cellUnits = frames.get('SEVEN')!.frame.width;
    const trailUnits = Math.round((cellUnits * TRAIL * minislotParams.blur.value) / SYMBOL);
    const atlas = trailAtlas(frames, cellUnits, trailUnits);
    const trails = ctx.engine.textures.render(`minislot:trails:${trailUnits}`, atlas.build, 1);
    const inAtlas = (column: Rectangle) =>
      new Rectangle(
        trails.frame.x + column.x,
        trails.frame.y + column.y,
        column.width,
        column.height,
      );
    this.stopFrames = STRIP.map((symbol) => frames.get(symbol)?.frame ?? null);
    this.stopTrails = STRIP.map((symbol) => {
      const column = atlas.columns.get(symbol);
      return column ? inAtlas(column) : null;
    });
    this.reels = Array.from({ length: REELS }, () => {
      const container = new Container();
      const back = new Graphics();
      const trailSprites = Array.from({ length: SLOTS }, () => new WindowSprite(trails.source));
      const symbols = Array.from({ length: SLOTS }, () => new WindowSprite(sheetSource));
      container.addChild(
        back,
        ...trailSprites.map((t) => t.sprite),
        ...symbols.map((s) => s.sprite),
      );
      this.reelsBox.addChild(container);
      return {
        container,
        back,
        symbols,
        trails: trailSprites,
        drawnPos: NaN,
        drawnFast: NaN,
        drawnLayout: -1,
      };
    });
    // A fixed resolution (the engine's highest): a change of render resolution does not redraw
    // the banner's text, nor rebuild the scene's batch for its new texture.
    this.banner = new Text({
      text: '',
      style: { fontFamily: 'system-ui, sans-serif', fontWeight: '800', fill: GOLD, fontSize: 32 },
      resolution: 2,
    });
    this.banner.anchor.set(0.5);
    ctx.root.addChild(
      this.cabinet,
      this.reelsBox,
      this.payline,
      this.teaseFrame,
      this.highlight,
      this.banner,
    );
    // Skip-by-tap: a tap anywhere on the canvas while the reels turn stops them.
    ctx.root.eventMode = 'static';
    ctx.root.on('pointertap', () => {
      if (this.sim.spinning) this.sim.skip();
    });
  }

  /** The reels as large as the canvas allows with room for the win banner; text in CSS px. */
  layout(space: LayoutSpace): void {
    const bannerRoom = Math.max(36, space.height * 0.14);
    const cellW = (space.width * 0.9) / (REELS + 0.12 * (REELS - 1) + 0.2);
    const cellH = (space.height - bannerRoom * 2) / 3.2;
    this.cell = Math.max(24, Math.min(cellW, cellH, 200));
    this.gap = this.cell * 0.12;
    const width = REELS * this.cell + (REELS - 1) * this.gap;
    const height = 3 * this.cell;
    this.window = {
      x: (space.width - width) / 2,
      y: Math.max(bannerRoom * 0.6, (space.height - height) / 2 - bannerRoom * 0.35),
      width,
      height,
    };
    const { x, y } = this.window;
    const pad = this.cell * 0.1;
    const outer = [x - pad, y - pad, width + 2 * pad, height + 2 * pad, pad * 1.5] as const;
    this.cabinet
      .clear()
      .roundRect(...outer)
      .fill(CABINET);
    // Not filled under the reels (their backs cover it, 1 px in): in a software renderer every
    // layer of pixels costs frame time.
    for (let r = 0; r < REELS; r++) {
      const left = x + r * (this.cell + this.gap);
      this.cabinet.roundRect(left + 1, y + 1, this.cell - 2, height - 2, this.cell * 0.06);
    }
    this.cabinet
      .cut()
      .roundRect(...outer)
      .stroke({ color: GOLD, width: Math.max(2, pad * 0.35), alpha: 0.8 });
    this.reels.forEach((reel, r) => {
      reel.container.position.set(x + r * (this.cell + this.gap), y);
      reel.back
        .clear()
        .roundRect(0, 0, this.cell, height, this.cell * 0.06)
        .fill(REEL);
    });
    const lineY = y + height / 2;
    this.payline
      .clear()
      .moveTo(x - pad, lineY)
      .lineTo(x + width + pad, lineY)
      .stroke({ color: LINE, width: 2, alpha: 0.55 });
    this.banner.style.fontSize = Math.round(Math.min(44, Math.max(20, this.cell * 0.32)));
    this.banner.position.set(space.width / 2, y + height + pad + bannerRoom * 0.55);
    this.ctx.root.hitArea = new Rectangle(0, 0, space.width, space.height);
    this.layoutVersion += 1;
  }

  describeLayout(): LayoutReport {
    const report: Record<string, LayoutReport[string]> = {
      cell: this.cell,
      window: this.window,
      /** The stop on each reel's line now ("24,28,9"), and whether any reel still turns. */
      stops: this.sim.stops.join(','),
      spinning: this.sim.spinning,
      /** The last reel spins on, slower, after two alike of a big pay (see simulation.ts). */
      teasing: this.sim.teasing,
      win: this.shown?.win ?? '',
      banner: this.banner.text,
      bannerFontSize: Number(this.banner.style.fontSize),
    };
    this.reels.forEach((_, r) => {
      report[`reel${r}`] = {
        x: this.window.x + r * (this.cell + this.gap),
        y: this.window.y,
        width: this.cell,
        height: this.window.height,
      };
    });
    return report;
  }

  show(): void {
    this.shown = null;
    minislotChannel.attach(this.api);
  }

  update(dt: number): void {
    this.glow += dt;
  }

  render(alpha: number): void {
    const { cell, sim } = this;
    const size = cell * SYMBOL;
    const height = 3 * cell;
    const x = (cell - size) / 2;
    const blur = this.values.blur;
    const speed = Math.max(1, this.values.speed);
    for (let r = 0; r < this.reels.length; r++) {
      const state = sim.reels[r]!;
      const reel = this.reels[r]!;
      const before = sim.previous[r] ?? state.pos;
      const pos = before + (state.pos - before) * alpha;
      // Speed as a share of full speed: the blur's length and strength.
      const fast = Math.min(1, state.velocity / speed) * blur;
      if (
        pos === reel.drawnPos &&
        fast === reel.drawnFast &&
        reel.drawnLayout === this.layoutVersion
      )
        continue;
      reel.drawnPos = pos;
      reel.drawnFast = fast;
      reel.drawnLayout = this.layoutVersion;
      const trail = fast > MIN_BLUR ? fast * TRAIL * cell : 0;
      const base = Math.floor(pos);
      for (let i = 0; i < SLOTS; i++) {
        const stop = base - 1 + i;
        const at = ((stop % N) + N) % N;
        // Stop k sits (k - pos) cells below the line's centre.
        const top = cell * 1.5 + (stop - pos) * cell - size / 2;
        const symbol = reel.symbols[i]!;
        const frame = this.stopFrames[at];
        if (frame) symbol.show(frame, x, top, size, size, height);
        else symbol.clear();
        symbol.sprite.alpha = 1 - fast * 0.45;
        // The strip moves down: the trail is above each symbol.
        const ghost = reel.trails[i]!;
        const trailFrame = this.stopTrails[at];
        if (trailFrame && trail > 0) {
          ghost.show(trailFrame, x, top - trail, size, size + trail, height);
          ghost.sprite.alpha = fast;
        } else ghost.clear();
      }
    }
    this.drawTease();
    this.drawWin();
  }

  /** While the last reel teases, a gold glow frames it, pulsing unless motion is reduced. */
  private drawTease(): void {
    const teasing = this.sim.teasing;
    this.teaseFrame.visible = teasing;
    if (!teasing) return;
    if (this.drawnTeaseLayout !== this.layoutVersion) {
      this.drawnTeaseLayout = this.layoutVersion;
      const { y, height } = this.window;
      const left = this.window.x + (REELS - 1) * (this.cell + this.gap);
      const wide = this.cell * 0.1;
      this.teaseFrame.clear();
      for (const [grow, alpha] of [
        [wide, 0.18],
        [wide * 0.55, 0.3],
        [wide * 0.2, 0.9],
      ] as const) {
        this.teaseFrame
          .roundRect(
            left - grow,
            y - grow,
            this.cell + 2 * grow,
            height + 2 * grow,
            this.cell * 0.1,
          )
          .stroke({ color: GOLD, width: Math.max(2, wide * 0.4), alpha });
      }
    }
    this.teaseFrame.alpha = this.motion.allow('flash') ? 0.7 + 0.3 * Math.sin(this.glow * 12) : 1;
  }

  /**
   * The paying line in gold, the paying symbols framed, the amount in the banner. The shapes are
   * drawn once per win (or layout); each frame only pulses their alpha.
   */
  private drawWin(): void {
    const spin = this.shown?.win && !this.sim.spinning ? this.shown : null;
    if (spin !== this.drawnWin || this.drawnWinLayout !== this.layoutVersion) {
      this.drawnWin = spin;
      this.drawnWinLayout = this.layoutVersion;
      this.highlight.clear();
      this.banner.text = spin ? spin.payoutText : '';
      if (spin) this.outlineWin(spin);
    }
    if (!spin) return;
    const pulse = this.pulsing ? 0.65 + 0.35 * Math.sin(this.glow * (spin.big ? 10 : 6)) : 1;
    this.highlight.alpha = pulse;
    this.banner.scale.set(spin.big ? 1 + 0.06 * pulse : 1);
  }

  private outlineWin(spin: ShownSpin): void {
    const pay = PAYS.find((p) => p.win === spin.win);
    const { x, y, width, height } = this.window;
    const lineY = y + height / 2;
    const stroke = Math.max(3, this.cell * 0.05);
    this.highlight
      .moveTo(x - this.cell * 0.1, lineY)
      .lineTo(x + width + this.cell * 0.1, lineY)
      .stroke({ color: GOLD, width: stroke, alpha: 0.5 });
    spin.line.forEach((symbol, r) => {
      if (pay && symbol !== pay.symbol) return;
      const cx = x + r * (this.cell + this.gap);
      this.highlight
        .roundRect(
          cx + stroke / 2,
          y + this.cell + stroke / 2,
          this.cell - stroke,
          this.cell - stroke,
          this.cell * 0.08,
        )
        .stroke({ color: GOLD, width: stroke });
    });
  }

  hide(): void {
    minislotChannel.detach(this.api);
  }

  paramsChanged(values: ParamValues): void {
    this.values = values as ParamValues<typeof minislotParams>;
    this.layoutVersion += 1;
  }

  private play(sound: MinislotSound): void {
    this.ctx?.engine.sound.play(MINISLOT_SFX, sound);
  }
}

export default defineScene({
  params: minislotParams,
  actions: [{ name: 'bet', keys: ['Space'] }],
  simulation: (data, values) => new MinislotSimulation(data, values),
  view: () => new MinislotView(),
});
