import { Container, Graphics, Text } from 'pixi.js';
import type { GameScene, ParamValues, SceneContext, SceneView } from '../../engine/index';
import { GAME_SOUNDS, playGameSound } from '../shared/sounds';
import { diceChannel, type DiceSceneApi } from './channel';
import { diceParams } from './params';
import type { DiceCondition } from './rules';
import { DiceSimulation, type DiceData } from './simulation';

const TRACK = { x: 140, y: 430, width: 1000, height: 26 };
const WIN = 0x2fd67b;
const LOSE = 0xe8485c;
const INK = 0xe8edf7;

const xOf = (value: number) => TRACK.x + (value / 100) * TRACK.width;

/** The dice track: the winning range in green, the target, and the marker that rolls. */
class DiceView implements SceneView<DiceData, DiceSimulation, SceneContext> {
  private sim!: DiceSimulation;
  private readonly track = new Graphics();
  private readonly targetMark = new Graphics();
  private readonly marker = new Container();
  private readonly markerBody = new Graphics();
  private markerText!: Text;
  private bigNumber!: Text;
  private scale = 1;
  private tickEvery = 4;
  private drawn = '';
  private readonly api: DiceSceneApi = {
    configure: (target, condition) => this.sim.configure(target, condition),
    roll: (roll, win) =>
      new Promise<void>((resolve) => {
        this.sim.startRoll(roll, win, resolve);
      }),
  };

  init(_data: DiceData, sim: DiceSimulation): void {
    this.sim = sim;
  }

  create(ctx: SceneContext): void {
    const style = { fontFamily: 'system-ui, sans-serif', fontWeight: '700' as const };
    this.bigNumber = new Text({ text: '50.00', style: { ...style, fontSize: 120, fill: INK } });
    this.bigNumber.anchor.set(0.5);
    this.bigNumber.position.set(640, 210);
    this.markerText = new Text({ text: '', style: { ...style, fontSize: 26, fill: 0x0b1020 } });
    this.markerText.anchor.set(0.5);
    this.markerText.position.set(0, -44);
    this.marker.addChild(this.markerBody, this.markerText);
    const labels = [0, 25, 50, 75, 100].map((v) => {
      const label = new Text({
        text: String(v),
        style: { ...style, fontSize: 22, fill: 0x8fa3d8 },
      });
      label.anchor.set(0.5, 0);
      label.position.set(xOf(v), TRACK.y + TRACK.height + 14);
      return label;
    });
    ctx.root.addChild(this.bigNumber, this.track, this.targetMark, this.marker, ...labels);
  }

  show(): void {
    this.drawn = '';
    this.placeMarker(this.sim.value);
    this.bigNumber.text = this.sim.value.toFixed(2);
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
    this.bigNumber.text = value.toFixed(2);
    const settled = this.sim.settled;
    this.bigNumber.style.fill = settled ? (settled.win ? WIN : LOSE) : INK;
  }

  hide(): void {
    diceChannel.detach(this.api);
  }

  paramsChanged(values: ParamValues): void {
    const v = values as ParamValues<typeof diceParams>;
    this.scale = v.markerScale;
    this.tickEvery = Math.max(1, Math.round(v.tickEverySteps));
    this.drawMarker();
  }

  private drawRange(target: number, condition: DiceCondition): void {
    const split = xOf(target);
    const [left, right] = condition === 'under' ? [WIN, LOSE] : [LOSE, WIN];
    const { x, y, width, height } = TRACK;
    this.track
      .clear()
      .roundRect(x - 12, y - 12, width + 24, height + 24, 20)
      .fill(0x1a2c38)
      .rect(x, y, split - x, height)
      .fill(left)
      .rect(split, y, x + width - split, height)
      .fill(right);
    this.targetMark
      .clear()
      .roundRect(split - 4, y - 18, 8, height + 36, 4)
      .fill(INK);
    this.drawMarker();
  }

  private drawMarker(): void {
    const s = this.scale;
    this.marker.scale.set(s);
    this.markerBody
      .clear()
      .roundRect(-52, -66, 104, 44, 10)
      .fill(INK)
      .poly([-12, -22, 12, -22, 0, -6])
      .fill(INK);
  }

  private placeMarker(value: number): void {
    this.marker.position.set(xOf(value), TRACK.y);
    this.markerText.text = value.toFixed(2);
  }
}

export const diceScene: GameScene<DiceData, DiceSimulation, typeof diceParams> = {
  id: 'dice',
  bundles: [GAME_SOUNDS],
  params: diceParams,
  simulation: (data, values) => new DiceSimulation(data ?? {}, values),
  view: () => new DiceView(),
};
