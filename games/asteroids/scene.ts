import {
  Container,
  Graphics,
  Particle,
  ParticleContainer,
  Rectangle,
  Sprite,
  Text,
  Texture,
  type FederatedPointerEvent,
} from 'pixi.js';
import {
  fitInto,
  seededRandom,
  type ActionPhase,
  type LayoutReport,
  type LayoutSpace,
  type ParamValues,
  type SceneContext,
  type SceneView,
} from '../../engine/index';
import { defineScene } from '../shared/gameScene';
import { playGameSound, type GameSound } from '../shared/sounds';
import { atlasTextures, backdropParticles, drawAtlas, INK, ROCK, type Atlas } from './atlas';
import { asteroidsChannel, type AsteroidsSceneApi } from './channel';
import { asteroidsParams } from './params';
import { GEM_KINDS, tripleOf } from './rules';
import { ASTEROID_COUNT, AsteroidsSimulation, FIELD, type Rock } from './simulation';

/** One colour per gem kind, highest kind first (GEM_KINDS' order). */
const GEM_COLOURS = [
  0xff3b5c, 0xff8a3d, 0xffd23d, 0x7be36b, 0x2fd6b0, 0x3db4ff, 0x6b7bff, 0xb86bff, 0xe0e6f0,
];
const gemColour = (kind: number) =>
  GEM_COLOURS[(GEM_KINDS as readonly number[]).indexOf(kind)] ?? INK;
const HUD_HEIGHT = 44;
/** Upright, the controls get a pad of their own under the field when at least this tall. */
const PAD_MIN_HEIGHT = 96;
const SLOT_HEIGHT = HUD_HEIGHT - 12;
/** Room around a slot's box in its picture for the lit stroke. */
const SLOT_MARGIN = 3;
const LABEL_STYLE = { fontFamily: 'system-ui, sans-serif', fontWeight: '800' as const };
/** Short enough for a phone's slot: 10000 -> '10k×', 50 -> '50×'. */
const gemLabel = (kind: number) => (kind >= 1000 ? `${kind / 1000}k×` : `${kind}×`);
const MAX_PARTICLES = 240;
const BULLET_TINT = 0xfff27a;
const KEYS = {
  left: ['ArrowLeft', 'KeyA'],
  right: ['ArrowRight', 'KeyD'],
  thrust: ['ArrowUp', 'KeyW'],
  fire: ['Space'],
} as const;

/**
 * A blast's spark: it flies straight from where it was thrown, so where it is and how faded
 * follow from its age; nothing about it changes between frames.
 */
interface Spark {
  particle: Particle;
  /** The particle's tint (setting one parses the colour: only done when it changes). */
  colour: number;
  x: number;
  y: number;
  vx: number;
  vy: number;
  /** The view's clock (ms) when it was thrown, and its life in seconds. */
  bornMs: number;
  life: number;
}

/** The reduced-motion query (made once and followed: reading it re-evaluates the media query). */
const motionQuery = () =>
  typeof matchMedia === 'function' ? matchMedia('(prefers-reduced-motion: reduce)') : null;
const coarsePointer = () =>
  typeof matchMedia === 'function' && matchMedia('(pointer: coarse)').matches;

/**
 * The round: a ship in the middle, nine rocks on matter-js, bullets, blasts; a strip of nine
 * gem slots on top fills in the server's order, and the won three light up.
 *
 * The field is particles of one texture atlas drawn once (a white texel for the backdrop and its
 * border, a dot for stars, bullets and sparks, the rock outlines, the ship and its flame), all in
 * one ParticleContainer: one buffer upload and one draw call a frame, and no display objects to
 * transform, batch or re-sort when rocks split or sparks die. Sparks move once a frame (from their
 * age), not once a step. Sounds wait for the frame and play at most once each per frame; the gem
 * strip swaps pictures drawn once instead of re-rendering text.
 */
class AsteroidsView implements SceneView<undefined, AsteroidsSimulation, SceneContext> {
  private sim!: AsteroidsSimulation;
  private readonly field = new Container({ label: 'asteroids-field' });
  /** The backdrop, rocks, bullets, the flame, the ship and sparks, drawn in that order. */
  private sprites!: ParticleContainer<Particle>;
  /** The particles' positions, turns and alphas of the last frame, summed (see render). */
  private placement = 0;
  /** A particle moved, came or went since still() was last asked. */
  private particlesMoved = true;
  /** The backdrop's particles: the field, its stars and its border (they never change). */
  private backdrop: Particle[] = [];
  private atlas!: Atlas;
  private shipParticle!: Particle;
  private flameParticle!: Particle;
  /** Each rock's particle (a new rock gets one, with its outline, the first time it is drawn). */
  private readonly rockParticles = new Map<Rock, Particle>();
  /** Particles of rocks that are gone, for the next ones (a round makes 27 rocks). */
  private readonly spareRockParticles: Particle[] = [];
  private readonly bulletPool: Particle[] = [];
  private sparks: Spark[] = [];
  private readonly spareSparks: Spark[] = [];
  private readonly motion = motionQuery();
  private reducedMotion = this.motion?.matches ?? false;
  private readonly motionChanged = (event: MediaQueryListEvent) =>
    (this.reducedMotion = event.matches);
  /** Sounds asked for since the last frame (a burst of splits plays one tick, not nine). */
  private readonly sounds = new Set<GameSound>();
  private slotsChanged = false;
  private lastTickMs = -Infinity;
  /** The view's clock: simulated time, advanced by update(); stepStartMs is before this step. */
  private clockMs = 0;
  private stepStartMs = 0;
  private readonly hud = new Container({ label: 'gems' });
  /** The gem strip: one sprite per slot, showing a picture of its box and label. */
  private readonly slots: { sprite: Sprite; drawn: string }[] = [];
  /**
   * Slot pictures (box and label drawn once per kind and state at the current size): a gem
   * coming out swaps a texture instead of re-rendering a text and a box mid-round.
   */
  private readonly slotArt = new Map<string, Texture>();
  private slotFont = 14;
  private engine!: SceneContext['engine'];
  private clock!: Text;
  private readonly touch = new Container({ label: 'touch-controls' });
  private readonly stick = new Graphics();
  private readonly fireButton = new Graphics();
  private readonly held = new Set<string>();
  private stickPointer: number | null = null;
  private stickCentre = { x: 0, y: 0, r: 50 };
  /** The stick's knob: under the thumb while steering, in the middle otherwise. */
  private readonly knob = new Graphics();
  /** Upright: the controls' own pad under the field (null: they sit over the field). */
  private readonly padBack = new Graphics();
  private pad: { x: number; y: number; width: number; height: number } | null = null;
  private padded = false;
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
        this.sim.start({ gems, seed: this.rounds * 7919 }, () => resolve([...this.sim.revealed]));
        // After the start: the strip empties with the new round's (none yet) revealed gems.
        this.resetSlots();
      }),
    revealAll: () => this.sim.revealAll(),
  };

  init(_data: undefined, sim: AsteroidsSimulation): void {
    this.sim = sim;
  }

  create(ctx: SceneContext): void {
    this.engine = ctx.engine;
    this.motion?.addEventListener('change', this.motionChanged);
    for (let i = 0; i < ASTEROID_COUNT; i++) {
      const sprite = new Sprite();
      this.hud.addChild(sprite);
      this.slots.push({ sprite, drawn: '' });
    }
    // A fixed resolution: otherwise each step of the engine's dynamic resolution re-renders it.
    this.clock = new Text({
      text: '',
      style: { ...LABEL_STYLE, fontSize: 14, fill: 0x8fa3d8 },
      resolution: 2,
    });
    this.clock.anchor.set(1, 0.5);
    this.hud.addChild(this.clock);
    this.atlas = atlasTextures(ctx.engine.textures.get('asteroids:atlas', drawAtlas));
    this.sprites = new ParticleContainer<Particle>({
      label: 'asteroids-sprites',
      texture: this.atlas.dot,
      // Texture and size only change when the list does (update() then); the rest every frame.
      dynamicProperties: { vertex: false, uvs: false, position: true, rotation: true, color: true },
    });
    this.shipParticle = new Particle({ texture: this.atlas.ship, anchorX: 0.5, anchorY: 0.5 });
    this.flameParticle = new Particle({ texture: this.atlas.flame, anchorX: 0.5, anchorY: 0.5 });
    this.backdrop = backdropParticles(this.atlas);
    this.field.addChild(this.sprites);
    this.touch.addChild(this.padBack, this.stick, this.knob, this.fireButton);
    this.stick.eventMode = 'static';
    this.fireButton.eventMode = 'static';
    this.stick.on('pointerdown', (e) => this.stickMove(e, true));
    this.stick.on('globalpointermove', (e) => this.stickMove(e, false));
    this.stick.on('pointerup', () => this.stickEnd());
    this.stick.on('pointerupoutside', () => this.stickEnd());
    this.fireButton.on('pointerdown', () => (this.sim.controls.fire = true));
    this.fireButton.on('pointerup', () => (this.sim.controls.fire = false));
    this.fireButton.on('pointerupoutside', () => (this.sim.controls.fire = false));
    ctx.root.addChild(this.field, this.hud, this.touch);
  }

  /**
   * The field as large as fits under the gem strip. On its side the field is centred and the
   * touch controls sit in its corners; upright (a phone) the field spans the width under the
   * strip and the controls get the rest of the canvas below it, a pad of their own (no empty
   * band, and no thumb over the rocks).
   */
  layout(space: LayoutSpace): void {
    const width = space.width - 16;
    const fieldHeight = (width * FIELD.height) / FIELD.width;
    const padHeight = space.height - HUD_HEIGHT - fieldHeight - 16;
    this.padded = space.portrait && padHeight >= PAD_MIN_HEIGHT;
    const area = {
      x: 8,
      y: HUD_HEIGHT,
      width,
      height: this.padded ? fieldHeight : space.height - HUD_HEIGHT - 8,
    };
    this.fieldFit = fitInto(FIELD, area);
    this.field.scale.set(this.fieldFit.scale);
    this.field.position.set(this.fieldFit.x, this.fieldFit.y);
    // The gem strip sits right above the field, wherever the fit put it.
    this.hud.y = Math.max(0, this.fieldFit.y - HUD_HEIGHT);
    const slot = Math.min(44, (space.width - 90) / ASTEROID_COUNT);
    const left = (space.width - slot * ASTEROID_COUNT) / 2 - 30;
    this.slots.forEach(({ sprite }, i) => {
      sprite.position.set(left + i * slot + 2 - SLOT_MARGIN, 6 - SLOT_MARGIN);
    });
    const font = Math.max(10, Math.round(slot * 0.3));
    if (slot - 4 !== this.slotSize || font !== this.slotFont) {
      this.slotSize = slot - 4;
      this.slotFont = font;
      this.dropSlotArt();
    }
    this.clock.position.set(space.width - 10, HUD_HEIGHT / 2);
    this.drawSlots();
    // The pad's controls work with a mouse too: shown whenever there is a pad.
    this.touch.visible = this.padded || coarsePointer();
    const fieldBottom = this.fieldFit.y + FIELD.height * this.fieldFit.scale;
    this.pad = this.padded
      ? { x: 8, y: fieldBottom + 8, width, height: space.height - fieldBottom - 16 }
      : null;
    const pad = this.pad;
    const r = pad
      ? Math.max(36, Math.min(64, pad.height * 0.4, space.width * 0.16))
      : Math.max(36, Math.min(60, space.width * 0.12));
    const fire = { r: r * 0.8, x: 0, y: 0 };
    if (pad) {
      const cy = pad.y + pad.height / 2;
      this.stickCentre = { x: pad.x + 16 + r, y: cy, r };
      Object.assign(fire, { x: pad.x + pad.width - 16 - fire.r, y: cy });
    } else {
      this.stickCentre = { x: 16 + r, y: space.height - 16 - r, r };
      Object.assign(fire, { x: space.width - 16 - fire.r, y: space.height - 16 - fire.r });
    }
    this.padBack.clear();
    if (pad) {
      this.padBack
        .roundRect(pad.x, pad.y, pad.width, pad.height, 12)
        .fill({ color: 0x11182e })
        .stroke({ color: 0x3a4270, width: 1.5 });
    }
    const { x, y } = this.stickCentre;
    this.stick
      .clear()
      .circle(x, y, r)
      .fill({ color: INK, alpha: 0.12 })
      .circle(x, y, r)
      .stroke({ color: INK, alpha: 0.35, width: 2 });
    // Four notches: the stick points the ship and pushes it.
    for (const a of [0, Math.PI / 2, Math.PI, (3 * Math.PI) / 2]) {
      const tip = { x: x + Math.cos(a) * r * 0.86, y: y + Math.sin(a) * r * 0.86 };
      const side = { x: -Math.sin(a) * r * 0.09, y: Math.cos(a) * r * 0.09 };
      const back = { x: -Math.cos(a) * r * 0.14, y: -Math.sin(a) * r * 0.14 };
      this.stick
        .poly([
          tip.x,
          tip.y,
          tip.x + back.x + side.x,
          tip.y + back.y + side.y,
          tip.x + back.x - side.x,
          tip.y + back.y - side.y,
        ])
        .fill({ color: INK, alpha: 0.45 });
    }
    this.knob
      .clear()
      .circle(0, 0, r * 0.38)
      .fill({ color: INK, alpha: 0.35 });
    // On the pad each control takes its half: a thumb need not find the circle.
    this.stick.hitArea = pad ? new Rectangle(pad.x, pad.y, pad.width / 2, pad.height) : null;
    this.fireButton.hitArea = pad
      ? new Rectangle(pad.x + pad.width / 2, pad.y, pad.width / 2, pad.height)
      : null;
    this.placeKnob(0, 0);
    this.fireButton
      .clear()
      .circle(fire.x, fire.y, fire.r)
      .fill({ color: 0xff4f7b, alpha: 0.35 })
      .stroke({ color: 0xff4f7b, width: 2 })
      .circle(fire.x, fire.y, fire.r * 0.42)
      .stroke({ color: 0xffffff, alpha: 0.7, width: 2 });
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
      /** The strip as drawn: each slot's gem kind, '' while empty. */
      strip: this.slots.map(({ drawn }) => drawn.split(':')[0]).join(','),
      touchControls: this.touch.visible,
      ...(this.pad ? { pad: this.pad } : {}),
      stick: {
        x: this.stickCentre.x - this.stickCentre.r,
        y: this.stickCentre.y - this.stickCentre.r,
        width: 2 * this.stickCentre.r,
        height: 2 * this.stickCentre.r,
      },
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
    // A spark thrown in this step has flown this step already (as when sparks moved per step).
    this.stepStartMs = this.clockMs;
    this.clockMs += dt * 1000;
    const { events } = this.sim;
    if (events.length) {
      for (const blast of events) this.blast(blast.x, blast.y, blast.large, blast.gem);
      events.length = 0;
    }
    this.shakeLeft = Math.max(0, this.shakeLeft - dt);
  }

  /** Sends the sparks whose life is over back to the spares (in place, keeping the order). */
  private expireSparks(): void {
    const { sparks } = this;
    let kept = 0;
    for (let i = 0; i < sparks.length; i++) {
      const spark = sparks[i]!;
      if ((this.clockMs - spark.bornMs) / 1000 >= spark.life) this.spareSparks.push(spark);
      else sparks[kept++] = spark;
    }
    sparks.length = kept;
  }

  render(): void {
    const { sim } = this;
    const list = this.sprites.particleChildren;
    // The list is rebuilt in place each frame. The static data (the quad from texture, anchor and
    // scale) is sent again only when a slot now holds a particle that differs in it: a spark in
    // place of another spark changes nothing there.
    let n = 0;
    let changed = false;
    // Pixi cannot see a particle move (see still()): a slot given another particle, the list's
    // length, or the sum of every particle's place this frame tells it.
    let swapped = false;
    let placement = 0;
    const put = (particle: Particle) => {
      const before = list[n];
      if (before !== particle) {
        if (!before || !sameQuad(before, particle)) changed = true;
        list[n] = particle;
        swapped = true;
      }
      placement += particle.x + 2 * particle.y + 3 * particle.rotation + 5 * particle.alpha;
      n += 1;
    };
    for (const particle of this.backdrop) put(particle);
    for (const rock of sim.rocks) {
      const particle = this.rockParticle(rock);
      particle.x = rock.body.position.x;
      particle.y = rock.body.position.y;
      // Rocks tumble while a round runs; between rounds the field rests (an idle page draws nothing).
      if (sim.active) particle.rotation += rock.large ? 0.004 : 0.01;
      put(particle);
    }
    if (this.rockParticles.size > sim.rocks.length) this.releaseRockParticles();
    const bullets = sim.bullets;
    while (this.bulletPool.length < bullets.length) this.bulletPool.push(this.newBullet());
    for (let i = 0; i < bullets.length; i++) {
      const particle = this.bulletPool[i]!;
      particle.x = bullets[i]!.x;
      particle.y = bullets[i]!.y;
      put(particle);
    }
    // The flame under the ship, shown while thrusting; the ship dims between rounds.
    const { ship } = sim;
    const { flameParticle: flame, shipParticle: body } = this;
    flame.x = body.x = ship.x;
    flame.y = body.y = ship.y;
    flame.rotation = body.rotation = ship.angle;
    flame.alpha = sim.controls.thrust && sim.active ? 1 : 0;
    body.alpha = sim.active || sim.rocks.length ? 1 : 0.6;
    put(flame);
    put(body);
    // Sparks in age order, fading over their last half second.
    this.expireSparks();
    for (const spark of this.sparks) {
      const age = (this.clockMs - spark.bornMs) / 1000;
      const { particle } = spark;
      particle.x = spark.x + spark.vx * age;
      particle.y = spark.y + spark.vy * age;
      particle.alpha = Math.min(1, (spark.life - age) * 2);
      put(particle);
    }
    // A shorter list keeps its slots' static data; a longer one met new slots above.
    if (swapped || list.length !== n || placement !== this.placement) this.particlesMoved = true;
    list.length = n;
    if (changed) this.sprites.update();
    this.placement = placement;
    for (const sound of this.sounds) playGameSound(sound);
    this.sounds.clear();
    if (this.slotsChanged) {
      this.slotsChanged = false;
      this.drawSlots();
    }
    const clock = sim.active ? `${Math.ceil(sim.timeLeft)} s` : '';
    if (this.clock.text !== clock) this.clock.text = clock;
    const amplitude = this.shakeLeft > 0 ? this.values.shake * (this.shakeLeft / 0.25) : 0;
    this.field.position.set(
      this.fieldFit.x + (this.random() - 0.5) * amplitude,
      this.fieldFit.y + (this.random() - 0.5) * amplitude,
    );
  }

  /** Nothing flew, turned or faded since the engine last asked (the field at rest). */
  still(): boolean {
    const still = !this.particlesMoved;
    this.particlesMoved = false;
    return still;
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
    this.sprites.particleChildren.length = 0;
    this.sprites.update();
    this.releaseRockParticles();
    this.spareSparks.push(...this.sparks);
    this.sparks = [];
    this.sounds.clear();
    this.resetSlots();
  }

  destroy(): void {
    this.motion?.removeEventListener('change', this.motionChanged);
    this.dropSlotArt();
  }

  paramsChanged(values: ParamValues): void {
    this.values = values as ParamValues<typeof asteroidsParams>;
  }

  /** A rock's particle: given its outline the first time the rock is drawn. */
  private rockParticle(rock: Rock): Particle {
    let particle = this.rockParticles.get(rock);
    if (!particle) {
      const outlines = rock.large ? this.atlas.large : this.atlas.small;
      const texture = outlines[rock.shape % outlines.length]!;
      particle = this.spareRockParticles.pop();
      if (particle) {
        particle.texture = texture;
        particle.rotation = 0;
      } else particle = new Particle({ texture, anchorX: 0.5, anchorY: 0.5 });
      this.rockParticles.set(rock, particle);
    }
    return particle;
  }

  /** Takes back the particles of rocks no longer in the simulation. */
  private releaseRockParticles(): void {
    const { rocks } = this.sim;
    for (const [rock, particle] of this.rockParticles) {
      if (rocks.includes(rock)) continue;
      this.spareRockParticles.push(particle);
      this.rockParticles.delete(rock);
    }
  }

  private newBullet(): Particle {
    const particle = new Particle({ texture: this.atlas.dot, anchorX: 0.5, anchorY: 0.5 });
    particle.scaleX = particle.scaleY = 3 / 8;
    particle.tint = BULLET_TINT;
    return particle;
  }

  private blast(x: number, y: number, large: boolean, gem?: { kind: number; order: number }): void {
    const colour = gem ? gemColour(gem.kind) : ROCK;
    const wanted = Math.round(this.values.particles * (large ? 0.7 : 1));
    // Sparks expire at the frame; when the cap is in the way, count only the living ones.
    if (this.sparks.length + wanted > MAX_PARTICLES) this.expireSparks();
    const room = MAX_PARTICLES - this.sparks.length;
    const count = Math.min(room, wanted);
    for (let i = 0; i < count; i++) {
      const angle = this.random() * Math.PI * 2;
      const speed = 60 + this.random() * 180;
      const life = 0.4 + this.random() * 0.5;
      const spark = this.spareSparks.pop() ?? this.newSpark();
      if (spark.colour !== colour) spark.particle.tint = spark.colour = colour;
      spark.x = x;
      spark.y = y;
      spark.vx = Math.cos(angle) * speed;
      spark.vy = Math.sin(angle) * speed;
      spark.bornMs = this.stepStartMs;
      spark.life = life;
      this.sparks.push(spark);
    }
    if (!this.reducedMotion) this.shakeLeft = large ? 0.12 : 0.25;
    if (!gem) {
      // Splits come in bursts (Reveal all): one tick per 60 ms is plenty.
      if (this.clockMs - this.lastTickMs >= 60) {
        this.lastTickMs = this.clockMs;
        this.sounds.add('tick');
      }
      return;
    }
    const revealed = this.sim.revealed.slice(0, gem.order + 1);
    const triple = tripleOf(revealed);
    if (triple && !this.lit) {
      this.lit = triple;
      this.sounds.add('win');
    } else this.sounds.add('reveal');
    this.slotsChanged = true;
  }

  private newSpark(): Spark {
    const particle = new Particle({ texture: this.atlas.dot, anchorX: 0.5, anchorY: 0.5 });
    particle.scaleX = particle.scaleY = 2.5 / 8;
    return { particle, colour: 0xffffff, x: 0, y: 0, vx: 0, vy: 0, bornMs: 0, life: 0 };
  }

  private resetSlots(): void {
    this.lit = 0;
    this.slotsChanged = false;
    this.drawSlots();
  }

  private drawSlots(): void {
    const revealed = this.sim?.revealed ?? [];
    this.slots.forEach((slot, i) => {
      const kind = revealed[i];
      const lit = kind !== undefined && kind === this.lit;
      const drawn = `${kind ?? ''}:${lit}`;
      if (slot.drawn === drawn) return;
      slot.drawn = drawn;
      slot.sprite.texture = this.slotPicture(drawn, kind, lit);
    });
  }

  /** A slot's box (empty, a gem, or the lit gem) with its label, rendered once per size. */
  private slotPicture(key: string, kind: number | undefined, lit: boolean): Texture {
    const cached = this.slotArt.get(key);
    if (cached) return cached;
    const renderer = this.engine.renderer;
    if (!renderer) return Texture.EMPTY;
    const picture = new Container();
    picture.boundsArea = new Rectangle(
      -SLOT_MARGIN,
      -SLOT_MARGIN,
      this.slotSize + 2 * SLOT_MARGIN,
      SLOT_HEIGHT + 2 * SLOT_MARGIN,
    );
    const box = new Graphics().roundRect(0, 0, this.slotSize, SLOT_HEIGHT, 6);
    picture.addChild(box);
    if (kind === undefined) {
      box.fill({ color: 0x1b2440 }).stroke({ color: 0x34406a, width: 1 });
    } else {
      box.fill({ color: gemColour(kind), alpha: lit ? 1 : 0.35 });
      if (lit) box.stroke({ color: 0xffffff, width: 3 });
      const label = new Text({
        text: gemLabel(kind),
        style: { ...LABEL_STYLE, fontSize: this.slotFont, fill: lit ? 0x0b0f1e : INK },
      });
      label.anchor.set(0.5);
      label.position.set(this.slotSize / 2, SLOT_HEIGHT / 2);
      picture.addChild(label);
    }
    const texture = renderer.generateTexture({ target: picture, resolution: 2, antialias: true });
    picture.destroy({ children: true });
    this.slotArt.set(key, texture);
    return texture;
  }

  /** Forgets the slot pictures (the size changed); the slots are drawn again from scratch. */
  private dropSlotArt(): void {
    for (const slot of this.slots) {
      slot.sprite.texture = Texture.EMPTY;
      slot.drawn = '';
    }
    for (const texture of this.slotArt.values()) texture.destroy(true);
    this.slotArt.clear();
  }

  private stickMove(event: FederatedPointerEvent, start: boolean): void {
    if (start) this.stickPointer = event.pointerId;
    if (this.stickPointer !== event.pointerId) return;
    const dx = event.global.x - this.stickCentre.x;
    const dy = event.global.y - this.stickCentre.y;
    const pushed = Math.hypot(dx, dy) / this.stickCentre.r;
    const reach = pushed > 1 ? 1 / pushed : 1;
    this.placeKnob(dx * reach, dy * reach);
    this.sim.controls.aim = pushed > 0.2 ? Math.atan2(dy, dx) : this.sim.controls.aim;
    this.sim.controls.thrust = pushed > 0.6;
  }

  private placeKnob(dx: number, dy: number): void {
    this.knob.position.set(this.stickCentre.x + dx, this.stickCentre.y + dy);
  }

  private stickEnd(): void {
    this.placeKnob(0, 0);
    this.stickPointer = null;
    this.sim.controls.aim = null;
    this.sim.controls.thrust = false;
  }
}

/** Whether two particles have the same static data in a ParticleContainer (vertices and uvs). */
const sameQuad = (a: Particle, b: Particle) =>
  a.texture === b.texture &&
  a.scaleX === b.scaleX &&
  a.scaleY === b.scaleY &&
  a.anchorX === b.anchorX &&
  a.anchorY === b.anchorY;

export default defineScene({
  params: asteroidsParams,
  actions: [
    { name: 'left', keys: KEYS.left },
    { name: 'right', keys: KEYS.right },
    { name: 'thrust', keys: KEYS.thrust },
    { name: 'fire', keys: KEYS.fire },
  ],
  simulation: (data: undefined, values) => new AsteroidsSimulation(data, values),
  view: () => new AsteroidsView(),
});
