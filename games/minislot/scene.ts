import { Container, Graphics, Rectangle, Sprite, Text, type Texture } from 'pixi.js';
import {
  defaultValues,
  type ActionPhase,
  type GameScene,
  type LayoutReport,
  type LayoutSpace,
  type ParamValues,
  type SceneContext,
  type SceneView,
} from '../../engine/index';
import { GAME_SOUNDS } from '../shared/sounds';
import { MINISLOT_ART, MINISLOT_SFX, type MinislotSound } from './bundle';
import { minislotChannel, type MinislotSceneApi, type ShownSpin } from './channel';
import { minislotParams } from './params';
import { PAYS, REELS, STRIP, type SlotSymbol } from './rules';
import { MinislotSimulation } from './simulation';

const N = STRIP.length;
/**
 * Symbols drawn per reel: stop k sits (k - pos) cells from the line, so a 3-row window shows at
 * most the 4 stops floor(pos) - 1 .. floor(pos) + 2.
 */
const SLOTS = 4;
/** Motion-blur copies behind each symbol. */
const GHOSTS = 2;
const CABINET = 0x10192b;
const REEL = 0xf4f1ea;
const GOLD = 0xffc83d;
const LINE = 0x8fa3d8;

interface ReelView {
  container: Container;
  back: Graphics;
  symbols: Sprite[];
  ghosts: Sprite[][];
}

/** Three reels of the real strip; they spin with motion blur and stop left to right with a bounce. */
class MinislotView implements SceneView<unknown, MinislotSimulation, SceneContext> {
  private sim!: MinislotSimulation;
  private ctx!: SceneContext;
  private textures = new Map<SlotSymbol, Texture>();
  private readonly cabinet = new Graphics();
  private readonly reelsBox = new Container();
  private readonly mask = new Graphics();
  private readonly payline = new Graphics();
  private readonly highlight = new Graphics();
  private reels: ReelView[] = [];
  private banner!: Text;
  private cell = 100;
  private gap = 10;
  private window = { x: 0, y: 0, width: 0, height: 0 };
  private turbo = false;
  private shown: ShownSpin | null = null;
  /** Seconds since the last reel rested (the win glow pulses on it). */
  private glow = 0;
  /** Which win the highlight shows ('' for none), so it is drawn once. */
  private drawnWin = '';
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
          if (spin.win) this.play(spin.big ? 'bigWin' : 'smallWin');
          resolve();
        });
      }),
    skip: () => this.sim.skip(),
  };

  init(_data: unknown, sim: MinislotSimulation): void {
    this.sim = sim;
    sim.onReelStop = () => this.play('stop');
  }

  create(ctx: SceneContext): void {
    this.ctx = ctx;
    const sheet = ctx.engine.assets.sheet(MINISLOT_ART);
    for (const symbol of new Set(STRIP)) this.textures.set(symbol, sheet.textures[symbol]!);
    const sprite = () => {
      const s = new Sprite(this.textures.get('BLANK'));
      s.anchor.set(0.5);
      return s;
    };
    this.reels = Array.from({ length: REELS }, () => {
      const container = new Container();
      const back = new Graphics();
      const ghosts = Array.from({ length: GHOSTS }, () => Array.from({ length: SLOTS }, sprite));
      const symbols = Array.from({ length: SLOTS }, sprite);
      container.addChild(back, ...ghosts.flat(), ...symbols);
      this.reelsBox.addChild(container);
      return { container, back, symbols, ghosts };
    });
    this.reelsBox.mask = this.mask;
    this.banner = new Text({
      text: '',
      style: { fontFamily: 'system-ui, sans-serif', fontWeight: '800', fill: GOLD, fontSize: 32 },
    });
    this.banner.anchor.set(0.5);
    ctx.root.addChild(
      this.cabinet,
      this.reelsBox,
      this.mask,
      this.payline,
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
    this.cabinet
      .clear()
      .roundRect(x - pad, y - pad, width + 2 * pad, height + 2 * pad, pad * 1.5)
      .fill(CABINET)
      .stroke({ color: GOLD, width: Math.max(2, pad * 0.35), alpha: 0.8 });
    this.mask.clear().rect(x, y, width, height).fill(0xffffff);
    this.reels.forEach((reel, r) => {
      reel.container.position.set(x + r * (this.cell + this.gap), y);
      reel.back
        .clear()
        .roundRect(0, 0, this.cell, height, this.cell * 0.06)
        .fill(REEL);
      const size = this.cell * 0.82;
      for (const s of [...reel.symbols, ...reel.ghosts.flat()]) s.setSize(size, size);
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
  }

  describeLayout(): LayoutReport {
    const report: Record<string, LayoutReport[string]> = {
      cell: this.cell,
      window: this.window,
      /** The stop on each reel's line now ("24,28,9"), and whether any reel still turns. */
      stops: this.sim.stops.join(','),
      spinning: this.sim.spinning,
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
    const { cell } = this;
    const blur = this.values.blur;
    this.sim.reels.forEach((state, r) => {
      const reel = this.reels[r]!;
      const before = this.sim.previous[r] ?? state.pos;
      const pos = before + (state.pos - before) * alpha;
      const base = Math.floor(pos);
      // Speed as a share of full speed: the blur's length and the copies' strength.
      const fast = Math.min(1, state.velocity / Math.max(1, this.values.speed)) * blur;
      reel.symbols.forEach((sprite, i) => {
        const stop = base - 1 + i;
        const texture = this.textures.get(STRIP[((stop % N) + N) % N]!)!;
        // Stop k sits (k - pos) cells below the line's centre.
        const y = cell * 1.5 + (stop - pos) * cell;
        sprite.texture = texture;
        sprite.position.set(cell / 2, y);
        sprite.alpha = 1 - fast * 0.45;
        reel.ghosts.forEach((row, g) => {
          const ghost = row[i]!;
          ghost.visible = fast > 0.05;
          if (!ghost.visible) return;
          ghost.texture = texture;
          // The strip moves down: the trail is above each symbol.
          ghost.position.set(cell / 2, y - fast * cell * 0.28 * (g + 1));
          ghost.alpha = fast * (g === 0 ? 0.45 : 0.25);
        });
      });
    });
    this.drawWin();
  }

  /**
   * The paying line in gold, the paying symbols framed, the amount in the banner. The shapes are
   * drawn once per win (or layout); each frame only pulses their alpha.
   */
  private drawWin(): void {
    const spin = this.shown?.win && !this.sim.spinning ? this.shown : null;
    const key = spin ? `${spin.stops.join()}|${this.cell}|${this.window.x}|${this.window.y}` : '';
    if (key !== this.drawnWin) {
      this.drawnWin = key;
      this.highlight.clear();
      this.banner.text = spin ? spin.payoutText : '';
      if (spin) this.outlineWin(spin);
    }
    if (!spin) return;
    const pulse = 0.65 + 0.35 * Math.sin(this.glow * (spin.big ? 10 : 6));
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
  }

  private play(sound: MinislotSound): void {
    this.ctx?.engine.sound.play(MINISLOT_SFX, sound);
  }
}

export const minislotScene: GameScene<unknown, MinislotSimulation, typeof minislotParams> = {
  id: 'minislot',
  bundles: ['minislot', GAME_SOUNDS],
  params: minislotParams,
  actions: [{ name: 'bet', keys: ['Space'] }],
  simulation: (data, values) => new MinislotSimulation(data, values),
  view: () => new MinislotView(),
};
