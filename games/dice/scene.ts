import { Container, Graphics, Rectangle, Sprite, Text, type FederatedPointerEvent } from 'pixi.js';
import {
  prepareGlyphs,
  SpriteText,
  type LayoutReport,
  type LayoutSpace,
  type ParamValues,
  type SceneContext,
} from '../../engine/index';
import { defineScene, GameView } from '../shared/scene/gameScene';
import { playGameSound } from '../shared/scene/sounds';
import { TABLE_COLOURS } from '../shared/scene/tableColours';
import { DICE_ART } from './bundle';
import { diceChannel, type DiceSceneApi } from './channel';
import { diceParams } from './params';
import type { DiceCondition } from './rules';
import { DiceSimulation, type DiceData } from './simulation';
import { formatDecimal } from '../fairness/index';

const { win: WIN, lose: LOSE, ink: INK } = TABLE_COLOURS;
/** The marker's half width at scale 1 (it must not leave the canvas at 0 or 100). */
const MARKER_HALF = 52;
const TICKS = [0, 25, 50, 75, 100];

/** The dice track: the winning range in green, the target, and the marker that rolls. */
class DiceView extends GameView<DiceSimulation, DiceData> {
  private readonly track = new Graphics();
  /** The winning and losing ranges: the baked glossy bar (art.ts), tinted and stretched. */
  private readonly lowRange = new Sprite();
  private readonly highRange = new Sprite();
  private readonly targetMark = new Graphics();
  private readonly marker = new Container();
  /** Where a finger or the pointer sets the target: the track and a fingertip around it. */
  private readonly dragArea = new Container();
  private dragging = false;
  private readonly markerBody = new Graphics();
  /**
   * The two readouts of the roll, new words every frame while it runs: glyph sprites of a bitmap
   * font (SpriteText). As plain Text each new number was a canvas rasterised and uploaded again,
   * two thirds of a rolling frame's main-thread time; as bitmap text each rebuilt the whole
   * stage's draw instructions.
   */
  private markerText!: SpriteText;
  private bigNumber!: SpriteText;
  private tickLabels: Text[] = [];
  /** The track in CSS px, and the size of everything else relative to a 1280 px wide design. */
  private trackBox = { x: 140, y: 430, width: 1000, height: 26 };
  private unit = 1;
  private space: LayoutSpace | null = null;
  private scale = 1;
  private tickEvery = 4;
  private drawn = '';
  private readonly api: DiceSceneApi = {
    configure: ({ target, condition }) => this.sim.configure(target, condition),
    roll: (roll, win) =>
      new Promise<void>((resolve) => {
        this.sim.startRoll(roll, win, resolve);
      }),
  };

  /** Space (the `bet` action) goes to the panel. */
  readonly action = diceChannel.action;

  create(ctx: SceneContext): void {
    const style = { fontFamily: 'system-ui, sans-serif', fontWeight: '700' as const };
    this.bigNumber = new SpriteText({
      text: '50.00',
      style: { ...style, fontSize: 120, fill: INK },
      anchor: 0.5,
      capacity: 6,
    });
    this.markerText = new SpriteText({
      style: { ...style, fontSize: 26, fill: 0x0b1020 },
      anchor: 0.5,
      capacity: 6,
    });
    prepareGlyphs(this.bigNumber, ctx.engine.renderer);
    prepareGlyphs(this.markerText, ctx.engine.renderer);
    this.markerText.position.set(0, -44);
    this.marker.addChild(this.markerBody, this.markerText);
    this.tickLabels = TICKS.map((v) => {
      const label = new Text({
        text: String(v),
        style: { ...style, fontSize: 22, fill: 0x8fa3d8 },
      });
      label.anchor.set(0.5, 0);
      return label;
    });
    const bar = ctx.engine.assets.sheet(DICE_ART).textures.bar!;
    this.lowRange.texture = bar;
    this.highRange.texture = bar;
    ctx.root.addChild(
      this.bigNumber,
      this.track,
      this.lowRange,
      this.highRange,
      this.targetMark,
      this.marker,
      ...this.tickLabels,
    );
    this.dragArea.eventMode = 'static';
    this.dragArea.cursor = 'ew-resize';
    const pick = (event: FederatedPointerEvent) => {
      if (this.sim.rolling) return;
      const { x, width } = this.trackBox;
      diceChannel.emit('target', Math.min(100, Math.max(0, ((event.global.x - x) / width) * 100)));
    };
    this.dragArea.on('pointerdown', (event) => {
      this.dragging = true;
      pick(event);
    });
    this.dragArea.on('globalpointermove', (event) => this.dragging && pick(event));
    const stop = () => (this.dragging = false);
    this.dragArea.on('pointerup', stop);
    this.dragArea.on('pointerupoutside', stop);
    ctx.root.addChild(this.dragArea);
  }

  /**
   * The number above and the track below, as wide as the canvas allows; sizes follow the
   * smaller of width and height so a phone gets a big enough number and a wide enough track.
   */
  layout(space: LayoutSpace): void {
    this.space = space;
    const { width, height } = space;
    this.unit = Math.max(0.55, Math.min(1.25, width / 900, height / 480));
    const u = this.unit;
    const side = Math.max(16, MARKER_HALF * u * this.scale + 8);
    const trackWidth = Math.min(width - 2 * side, 1100 * u);
    this.trackBox = {
      x: (width - trackWidth) / 2,
      y: Math.round(height * 0.64),
      width: trackWidth,
      height: Math.round(26 * u),
    };
    this.bigNumber.style.fontSize = Math.round(
      Math.max(40, Math.min(140, width * 0.22, height * 0.3)),
    );
    this.bigNumber.position.set(width / 2, height * 0.3);
    const track = this.trackBox;
    // At least 44 px tall whatever the scale: the track is a fingertip's target.
    const reach = Math.max(22, 40 * u);
    this.dragArea.hitArea = new Rectangle(
      track.x - reach,
      track.y + track.height / 2 - reach,
      track.width + 2 * reach,
      2 * reach,
    );
    this.tickLabels.forEach((label, i) => {
      label.style.fontSize = Math.round(Math.max(13, 22 * u));
      label.position.set(this.xOf(TICKS[i]!), track.y + track.height + 14 * u);
    });
    this.drawn = '';
    this.drawMarker();
    this.placeMarker(this.sim.value);
  }

  describeLayout(): LayoutReport {
    const { x, y, width, height } = this.trackBox;
    const area = (this.dragArea.hitArea as Rectangle | null) ?? new Rectangle();
    return {
      track: { x, y, width, height },
      numberPx: Number(this.bigNumber.style.fontSize),
      dragArea: { x: area.x, y: area.y, width: area.width, height: area.height },
    };
  }

  private xOf(value: number): number {
    return this.trackBox.x + (value / 100) * this.trackBox.width;
  }

  show(): void {
    this.drawn = '';
    this.placeMarker(this.sim.value);
    this.bigNumber.text = formatDecimal(this.sim.value);
    this.bigNumber.style.fill = INK;
    diceChannel.attach(this.api);
  }

  update(): void {
    if (this.sim.rolling && this.sim.stepsInRoll % this.tickEvery === 1) playGameSound('tick');
  }

  render(alpha: number): void {
    const key = `${this.sim.target}:${this.sim.condition}`;
    if (key !== this.drawn) {
      this.drawRange(this.sim.target, this.sim.condition);
      this.drawn = key;
    }
    const value = this.sim.previous + (this.sim.value - this.sim.previous) * alpha;
    this.placeMarker(value);
    this.bigNumber.text = formatDecimal(value);
    const settled = this.sim.settled;
    this.bigNumber.style.fill = settled ? (settled.win ? WIN : LOSE) : INK;
  }

  hide(): void {
    this.dragging = false;
    diceChannel.detach(this.api);
  }

  paramsChanged(values: ParamValues): void {
    const v = values as ParamValues<typeof diceParams>;
    this.scale = v.markerScale;
    this.tickEvery = Math.max(1, Math.round(v.tickEverySteps));
    // The marker's size decides how far the track stays from the canvas's sides.
    if (this.space) this.layout(this.space);
  }

  private drawRange(target: number, condition: DiceCondition): void {
    const split = this.xOf(target);
    const [left, right] = condition === 'under' ? [WIN, LOSE] : [LOSE, WIN];
    const { x, y, width, height } = this.trackBox;
    const u = this.unit;
    this.track
      .clear()
      .roundRect(x - 12 * u, y - 12 * u, width + 24 * u, height + 24 * u, 20 * u)
      .fill(0x0f1c25)
      .roundRect(x - 9 * u, y - 8 * u, width + 18 * u, height + 18 * u, 17 * u)
      .fill(0x1a2c38);
    this.lowRange.tint = left;
    this.lowRange.position.set(x, y);
    this.lowRange.setSize(split - x, height);
    this.highRange.tint = right;
    this.highRange.position.set(split, y);
    this.highRange.setSize(x + width - split, height);
    this.targetMark
      .clear()
      .roundRect(split - 4 * u, y - 18 * u, 8 * u, height + 36 * u, 4 * u)
      .fill(INK);
    this.drawMarker();
  }

  private drawMarker(): void {
    const s = this.scale * this.unit;
    this.marker.scale.set(s);
    this.markerBody
      .clear()
      .roundRect(-52, -66, 104, 44, 10)
      .fill(INK)
      .poly([-12, -22, 12, -22, 0, -6])
      .fill(INK);
  }

  private placeMarker(value: number): void {
    this.marker.position.set(this.xOf(value), this.trackBox.y);
    this.markerText.text = formatDecimal(value);
  }
}

export default defineScene({
  params: diceParams,
  actions: [{ name: 'bet', keys: ['Space'] }],
  simulation: (data, values) => new DiceSimulation(data ?? {}, values),
  view: () => new DiceView(),
});
