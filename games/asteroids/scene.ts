import {
  Container,
  Graphics,
  GraphicsContext,
  Sprite,
  Text,
  type FederatedPointerEvent,
  type Texture,
} from 'pixi.js';
import {
  fitInto,
  seededRandom,
  type ActionPhase,
  type GameScene,
  type LayoutReport,
  type LayoutSpace,
  type ParamValues,
  type SceneContext,
  type SceneView,
} from '../../engine/index';
import { GAME_SOUNDS, playGameSound } from '../shared/sounds';
import { asteroidsChannel, type AsteroidsSceneApi } from './channel';
import { asteroidsParams } from './params';
import { GEM_KINDS, tripleOf } from './rules';
import {
  ASTEROID_COUNT,
  AsteroidsSimulation,
  FIELD,
  LARGE_RADIUS,
  SMALL_RADIUS,
  type Rock,
} from './simulation';

const INK = 0xe8edf7;
const ROCK = 0x8b93a8;
const SHIP = 0x7cf0ff;
/** One colour per gem kind, highest kind first (GEM_KINDS' order). */
const GEM_COLOURS = [
  0xff3b5c, 0xff8a3d, 0xffd23d, 0x7be36b, 0x2fd6b0, 0x3db4ff, 0x6b7bff, 0xb86bff, 0xe0e6f0,
];
const gemColour = (kind: number) =>
  GEM_COLOURS[(GEM_KINDS as readonly number[]).indexOf(kind)] ?? INK;
const HUD_HEIGHT = 44;
/** Short enough for a phone's slot: 10000 -> '10k×', 50 -> '50×'. */
const gemLabel = (kind: number) => (kind >= 1000 ? `${kind / 1000}k×` : `${kind}×`);
const MAX_PARTICLES = 240;
const LARGE_OUTLINE = { radius: LARGE_RADIUS, corners: 11, width: 3 };
const SMALL_OUTLINE = { radius: SMALL_RADIUS, corners: 8, width: 2.5 };
const KEYS = {
  left: ['ArrowLeft', 'KeyA'],
  right: ['ArrowRight', 'KeyD'],
  thrust: ['ArrowUp', 'KeyW'],
  fire: ['Space'],
} as const;

interface Particle {
  x: number;
  y: number;
  vx: number;
  vy: number;
  life: number;
  colour: number;
}

const reducedMotion = () =>
  typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
const coarsePointer = () =>
  typeof matchMedia === 'function' && matchMedia('(pointer: coarse)').matches;

/**
 * The round: a ship in the middle, nine rocks on matter-js, bullets, blasts; a strip of nine
 * gem slots on top fills in the server's order, and the won three light up.
 */
class AsteroidsView implements SceneView<undefined, AsteroidsSimulation, SceneContext> {
  private sim!: AsteroidsSimulation;
  private readonly field = new Container({ label: 'asteroids-field' });
  private readonly backdrop = new Graphics();
  private readonly rockLayer = new Container({ label: 'rocks' });
  private readonly bulletLayer = new Container({ label: 'bullets', isRenderGroup: true });
  private readonly sparkLayer = new Container({ label: 'sparks', isRenderGroup: true });
  private readonly bulletSprites: Sprite[] = [];
  private readonly sparkSprites: Sprite[] = [];
  private dot!: Texture;
  /** Rock outlines drawn once and shared (a split makes new rocks many times a second). */
  private readonly outlines = {
    large: rockOutlines(LARGE_OUTLINE),
    small: rockOutlines(SMALL_OUTLINE),
  };
  private readonly spareRocks: Graphics[] = [];
  private lastTickMs = -Infinity;
  private clockMs = 0;
  private readonly ship = new Graphics();
  private readonly hud = new Container({ label: 'gems' });
  private readonly slots: { box: Graphics; label: Text; drawn: string }[] = [];
  private clock!: Text;
  private readonly touch = new Container({ label: 'touch-controls' });
  private readonly stick = new Graphics();
  private readonly fireButton = new Graphics();
  private readonly rockShapes = new Map<Rock, Graphics>();
  private particles: Particle[] = [];
  private readonly held = new Set<string>();
  private stickPointer: number | null = null;
  private stickCentre = { x: 0, y: 0, r: 50 };
  private shakeLeft = 0;
  private fieldFit = { scale: 1, x: 0, y: 0 };
  private values: ParamValues<typeof asteroidsParams> = {
    roundSeconds: asteroidsParams.roundSeconds.value,
    drift: asteroidsParams.drift.value,
    shake: asteroidsParams.shake.value,
    particles: asteroidsParams.particles.value,
  };
  private random = seededRandom(1);
  private rounds = 0;
  private lit = 0;
  private readonly api: AsteroidsSceneApi = {
    play: (gems) =>
      new Promise<number[]>((resolve) => {
        this.rounds += 1;
        this.lit = 0;
        this.resetSlots();
        this.sim.start({ gems, seed: this.rounds * 7919 }, () => resolve([...this.sim.revealed]));
      }),
    revealAll: () => this.sim.revealAll(),
  };

  init(_data: undefined, sim: AsteroidsSimulation): void {
    this.sim = sim;
  }

  create(ctx: SceneContext): void {
    const style = { fontFamily: 'system-ui, sans-serif', fontWeight: '800' as const, fill: INK };
    for (let i = 0; i < ASTEROID_COUNT; i++) {
      const box = new Graphics();
      const label = new Text({ text: '', style: { ...style, fontSize: 14 } });
      label.anchor.set(0.5);
      this.hud.addChild(box, label);
      this.slots.push({ box, label, drawn: '' });
    }
    this.clock = new Text({ text: '', style: { ...style, fontSize: 14, fill: 0x8fa3d8 } });
    this.clock.anchor.set(1, 0.5);
    this.hud.addChild(this.clock);
    this.dot = ctx.engine.textures.get('asteroids:dot', (g) => g.circle(8, 8, 8).fill(0xffffff));
    this.field.addChild(
      this.backdrop,
      this.rockLayer,
      this.bulletLayer,
      this.ship,
      this.sparkLayer,
    );
    this.touch.addChild(this.stick, this.fireButton);
    this.stick.eventMode = 'static';
    this.fireButton.eventMode = 'static';
    this.stick.on('pointerdown', (e) => this.stickMove(e, true));
    this.stick.on('globalpointermove', (e) => this.stickMove(e, false));
    this.stick.on('pointerup', () => this.stickEnd());
    this.stick.on('pointerupoutside', () => this.stickEnd());
    this.fireButton.on('pointerdown', () => (this.sim.controls.fire = true));
    this.fireButton.on('pointerup', () => (this.sim.controls.fire = false));
    this.fireButton.on('pointerupoutside', () => (this.sim.controls.fire = false));
    this.drawShip();
    ctx.root.addChild(this.field, this.hud, this.touch);
  }

  /** The field as large as fits under the gem strip, centred; touch controls in its corners. */
  layout(space: LayoutSpace): void {
    const area = {
      x: 8,
      y: HUD_HEIGHT,
      width: space.width - 16,
      height: space.height - HUD_HEIGHT - 8,
    };
    this.fieldFit = fitInto(FIELD, area);
    this.field.scale.set(this.fieldFit.scale);
    this.field.position.set(this.fieldFit.x, this.fieldFit.y);
    this.drawBackdrop();
    // The gem strip sits right above the field, wherever the fit put it.
    this.hud.y = Math.max(0, this.fieldFit.y - HUD_HEIGHT);
    const slot = Math.min(44, (space.width - 90) / ASTEROID_COUNT);
    const left = (space.width - slot * ASTEROID_COUNT) / 2 - 30;
    this.slots.forEach(({ box, label }, i) => {
      box.position.set(left + i * slot + 2, 6);
      label.position.set(left + i * slot + slot / 2, 6 + (HUD_HEIGHT - 12) / 2);
      label.style.fontSize = Math.max(10, Math.round(slot * 0.3));
    });
    this.slotSize = slot - 4;
    this.clock.position.set(space.width - 10, HUD_HEIGHT / 2);
    this.drawSlots();
    this.touch.visible = coarsePointer();
    const r = Math.max(36, Math.min(60, space.width * 0.12));
    this.stickCentre = { x: 16 + r, y: space.height - 16 - r, r };
    this.stick
      .clear()
      .circle(this.stickCentre.x, this.stickCentre.y, r)
      .fill({ color: INK, alpha: 0.12 });
    this.stick
      .circle(this.stickCentre.x, this.stickCentre.y, r)
      .stroke({ color: INK, alpha: 0.35, width: 2 });
    this.fireButton
      .clear()
      .circle(space.width - 16 - r * 0.8, space.height - 16 - r * 0.8, r * 0.8)
      .fill({ color: 0xff4f7b, alpha: 0.35 })
      .stroke({ color: 0xff4f7b, width: 2 });
  }

  private slotSize = 36;

  describeLayout(): LayoutReport {
    return {
      field: {
        x: this.fieldFit.x,
        y: this.fieldFit.y,
        width: FIELD.width * this.fieldFit.scale,
        height: FIELD.height * this.fieldFit.scale,
      },
      scale: this.fieldFit.scale,
      touchControls: this.touch.visible,
    };
  }

  show(): void {
    this.held.clear();
    asteroidsChannel.attach(this.api);
  }

  /** Held keys steer; Space fires during a round and buys one otherwise (the panel's `bet`). */
  action(name: string, phase: ActionPhase): boolean {
    if (name === 'fire' && !this.sim.active) return asteroidsChannel.action('bet', phase);
    if (phase === 'down') this.held.add(name);
    else this.held.delete(name);
    const c = this.sim.controls;
    c.turn = (this.held.has('right') ? 1 : 0) - (this.held.has('left') ? 1 : 0);
    c.thrust = this.held.has('thrust');
    c.fire = this.held.has('fire');
    return true;
  }

  update(dt: number): void {
    this.clockMs += dt * 1000;
    for (const blast of this.sim.events) this.blast(blast.x, blast.y, blast.large, blast.gem);
    this.sim.events = [];
    this.particles = this.particles.filter((p) => (p.life -= dt) > 0);
    for (const p of this.particles) {
      p.x += p.vx * dt;
      p.y += p.vy * dt;
    }
    this.shakeLeft = Math.max(0, this.shakeLeft - dt);
  }

  render(): void {
    const { sim } = this;
    for (const [rock, shape] of this.rockShapes) {
      if (sim.rocks.includes(rock)) continue;
      shape.visible = false;
      this.spareRocks.push(shape);
      this.rockShapes.delete(rock);
    }
    for (const rock of sim.rocks) {
      let shape = this.rockShapes.get(rock);
      if (!shape) {
        const outlines = rock.large ? this.outlines.large : this.outlines.small;
        const context = outlines[rock.shape % outlines.length]!;
        shape = this.spareRocks.pop();
        if (shape) shape.context = context;
        else this.rockLayer.addChild((shape = new Graphics(context)));
        shape.visible = true;
        this.rockShapes.set(rock, shape);
      }
      shape.position.set(rock.body.position.x, rock.body.position.y);
      shape.rotation += rock.large ? 0.004 : 0.01;
    }
    this.place(this.bulletSprites, this.bulletLayer, sim.bullets, (sprite, b) => {
      sprite.position.set(b.x, b.y);
      sprite.tint = 0xfff27a;
      sprite.scale.set(3 / 8);
      sprite.alpha = 1;
    });
    this.place(this.sparkSprites, this.sparkLayer, this.particles, (sprite, p) => {
      sprite.position.set(p.x, p.y);
      sprite.tint = p.colour;
      sprite.scale.set(2.5 / 8);
      sprite.alpha = Math.min(1, p.life * 2);
    });
    this.ship.position.set(sim.ship.x, sim.ship.y);
    this.ship.rotation = sim.ship.angle;
    this.ship.alpha = sim.active || sim.rocks.length ? 1 : 0.6;
    const flame = this.ship.children[0];
    if (flame) flame.visible = sim.controls.thrust && sim.active;
    const clock = sim.active ? `${Math.ceil(sim.timeLeft)} s` : '';
    if (this.clock.text !== clock) this.clock.text = clock;
    const amplitude = this.shakeLeft > 0 ? this.values.shake * (this.shakeLeft / 0.25) : 0;
    this.field.position.set(
      this.fieldFit.x + (this.random() - 0.5) * amplitude,
      this.fieldFit.y + (this.random() - 0.5) * amplitude,
    );
  }

  hide(): void {
    asteroidsChannel.detach(this.api);
    this.sim.revealAll();
  }

  /** The player looked away: the ship stops steering (the round's gems are the server's). */
  pause(): void {
    this.held.clear();
    Object.assign(this.sim.controls, { turn: 0, thrust: false, fire: false, aim: null });
  }

  shutdown(): void {
    for (const shape of this.rockShapes.values()) {
      shape.visible = false;
      this.spareRocks.push(shape);
    }
    this.rockShapes.clear();
    this.particles = [];
    this.resetSlots();
  }

  paramsChanged(values: ParamValues): void {
    this.values = values as ParamValues<typeof asteroidsParams>;
  }

  /** Shows one pooled sprite per item and hides the rest. */
  private place<T>(
    sprites: Sprite[],
    layer: Container,
    items: readonly T[],
    set: (sprite: Sprite, item: T) => void,
  ): void {
    while (sprites.length < items.length) {
      const sprite = new Sprite(this.dot);
      sprite.anchor.set(0.5);
      layer.addChild(sprite);
      sprites.push(sprite);
    }
    sprites.forEach((sprite, i) => {
      const item = items[i];
      sprite.visible = item !== undefined;
      if (item !== undefined) set(sprite, item);
    });
  }

  private blast(x: number, y: number, large: boolean, gem?: { kind: number; order: number }): void {
    const colour = gem ? gemColour(gem.kind) : ROCK;
    const room = MAX_PARTICLES - this.particles.length;
    const count = Math.min(room, Math.round(this.values.particles * (large ? 0.7 : 1)));
    for (let i = 0; i < count; i++) {
      const angle = this.random() * Math.PI * 2;
      const speed = 60 + this.random() * 180;
      const life = 0.4 + this.random() * 0.5;
      this.particles.push({
        x,
        y,
        vx: Math.cos(angle) * speed,
        vy: Math.sin(angle) * speed,
        life,
        colour,
      });
    }
    if (!reducedMotion()) this.shakeLeft = large ? 0.12 : 0.25;
    if (!gem) {
      // Splits come in bursts (Reveal all): one tick per 60 ms is plenty.
      if (this.clockMs - this.lastTickMs >= 60) {
        this.lastTickMs = this.clockMs;
        playGameSound('tick');
      }
      return;
    }
    const revealed = this.sim.revealed.slice(0, gem.order + 1);
    const triple = tripleOf(revealed);
    if (triple && !this.lit) {
      this.lit = triple;
      playGameSound('win');
    } else playGameSound('reveal');
    this.drawSlots();
  }

  private resetSlots(): void {
    this.lit = 0;
    this.drawSlots();
  }

  private drawSlots(): void {
    const revealed = this.sim?.revealed ?? [];
    this.slots.forEach((slot, i) => {
      const kind = revealed[i];
      const lit = kind !== undefined && kind === this.lit;
      // Texts re-render (canvas and upload) on every change: touch them only when they differ.
      const drawn = `${kind ?? ''}:${lit}:${this.slotSize}`;
      if (slot.drawn === drawn) return;
      slot.drawn = drawn;
      const { box, label } = slot;
      box.clear().roundRect(0, 0, this.slotSize, HUD_HEIGHT - 12, 6);
      if (kind === undefined) {
        box.fill({ color: 0x1b2440 }).stroke({ color: 0x34406a, width: 1 });
        label.text = '';
        return;
      }
      box.fill({ color: gemColour(kind), alpha: lit ? 1 : 0.35 });
      if (lit) box.stroke({ color: 0xffffff, width: 3 });
      label.text = gemLabel(kind);
      label.style.fill = lit ? 0x0b0f1e : INK;
    });
  }

  private drawShip(): void {
    const flame = new Graphics().poly([-12, -6, -26, 0, -12, 6]).fill(0xff9f2e);
    this.ship.addChild(flame);
    this.ship
      .poly([18, 0, -12, -12, -6, 0, -12, 12])
      .fill({ color: SHIP, alpha: 0.25 })
      .stroke({ color: SHIP, width: 2.5 });
  }

  private drawBackdrop(): void {
    const random = seededRandom(3);
    this.backdrop.clear().rect(0, 0, FIELD.width, FIELD.height).fill(0x070b1a);
    for (let i = 0; i < 90; i++) {
      this.backdrop
        .circle(random() * FIELD.width, random() * FIELD.height, random() * 1.6 + 0.4)
        .fill({ color: INK, alpha: 0.2 + random() * 0.5 });
    }
    this.backdrop.rect(0, 0, FIELD.width, FIELD.height).stroke({ color: 0x34406a, width: 3 });
  }

  private stickMove(event: FederatedPointerEvent, start: boolean): void {
    if (start) this.stickPointer = event.pointerId;
    if (this.stickPointer !== event.pointerId) return;
    const dx = event.global.x - this.stickCentre.x;
    const dy = event.global.y - this.stickCentre.y;
    const pushed = Math.hypot(dx, dy) / this.stickCentre.r;
    this.sim.controls.aim = pushed > 0.2 ? Math.atan2(dy, dx) : this.sim.controls.aim;
    this.sim.controls.thrust = pushed > 0.6;
  }

  private stickEnd(): void {
    this.stickPointer = null;
    this.sim.controls.aim = null;
    this.sim.controls.thrust = false;
  }
}

/** Outlines per rock size: a rock shows outline `shape % count`. */
function rockOutlines(size: { radius: number; corners: number; width: number }): GraphicsContext[] {
  return Array.from({ length: 6 }, (_, variant) => {
    const random = seededRandom(variant + 1);
    const points: number[] = [];
    for (let i = 0; i < size.corners; i++) {
      const angle = (i / size.corners) * Math.PI * 2;
      const r = size.radius * (0.82 + random() * 0.3);
      points.push(Math.cos(angle) * r, Math.sin(angle) * r);
    }
    return new GraphicsContext()
      .poly(points)
      .fill({ color: 0x2a3046 })
      .stroke({ color: ROCK, width: size.width });
  });
}

export const asteroidsScene: GameScene<undefined, AsteroidsSimulation, typeof asteroidsParams> = {
  id: 'asteroids',
  bundles: [GAME_SOUNDS],
  params: asteroidsParams,
  actions: [
    { name: 'left', keys: KEYS.left },
    { name: 'right', keys: KEYS.right },
    { name: 'thrust', keys: KEYS.thrust },
    { name: 'fire', keys: KEYS.fire },
  ],
  simulation: (data, values) => new AsteroidsSimulation(data, values),
  view: () => new AsteroidsView(),
};
