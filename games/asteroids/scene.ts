import { Container, Particle, ParticleContainer } from 'pixi.js';
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
import { defineScene } from '../shared/scene/gameScene';
import { playGameSound, type GameSound } from '../shared/scene/sounds';
import { atlasTextures, backdropParticles, ROCK, type Atlas } from './atlas';
import { ASTEROIDS_ART } from './bundle';
import { asteroidsChannel, type AsteroidsSceneApi } from './channel';
import { asteroidsParams } from './params';
import { GemStrip, gemColour, STRIP_HEIGHT } from './gemStrip';
import { tripleOf } from './rules';
import { AsteroidsSimulation, FIELD, type Rock } from './simulation';
import { TouchControls, type Box } from './touchControls';

/** Upright, the controls get a pad of their own under the field when at least this tall. */
const PAD_MIN_HEIGHT = 96;
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

const coarsePointer = () =>
  typeof matchMedia === 'function' && matchMedia('(pointer: coarse)').matches;

/**
 * The round: a ship in the middle, nine rocks on matter-js, bullets, blasts; a strip of nine
 * gem slots on top fills in the server's order, and the won three light up.
 *
 * The field is particles of one baked sheet (a white texel for the backdrop and its border, haze
 * for its nebula, a dot for stars, bullets and sparks, the rocks, the ship and its flame), all in
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
  /** Sounds asked for since the last frame (a burst of splits plays one tick, not nine). */
  private readonly sounds = new Set<GameSound>();
  private slotsChanged = false;
  private lastTickMs = -Infinity;
  /** The view's clock: simulated time, advanced by update(); stepStartMs is before this step. */
  private clockMs = 0;
  private stepStartMs = 0;
  private engine!: SceneContext['engine'];
  private readonly strip = new GemStrip(() => this.engine.renderer);
  private readonly touch = new TouchControls(() => this.sim.controls);
  private readonly held = new Set<string>();
  /** Upright: the controls' own pad under the field (null: they sit over the field). */
  private pad: Box | null = null;
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
    this.atlas = atlasTextures(ctx.engine.assets.sheet(ASTEROIDS_ART));
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
    ctx.root.addChild(this.field, this.strip.root, this.touch.root);
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
    const padHeight = space.height - STRIP_HEIGHT - fieldHeight - 16;
    this.padded = space.portrait && padHeight >= PAD_MIN_HEIGHT;
    const area = {
      x: 8,
      y: STRIP_HEIGHT,
      width,
      height: this.padded ? fieldHeight : space.height - STRIP_HEIGHT - 8,
    };
    this.fieldFit = fitInto(FIELD, area);
    this.field.scale.set(this.fieldFit.scale);
    this.field.position.set(this.fieldFit.x, this.fieldFit.y);
    // The gem strip sits right above the field, wherever the fit put it.
    this.strip.root.y = Math.max(0, this.fieldFit.y - STRIP_HEIGHT);
    this.strip.layout(space.width);
    this.drawSlots();
    // The pad's controls work with a mouse too: shown whenever there is a pad.
    this.touch.root.visible = this.padded || coarsePointer();
    const fieldBottom = this.fieldFit.y + FIELD.height * this.fieldFit.scale;
    this.pad = this.padded
      ? { x: 8, y: fieldBottom + 8, width, height: space.height - fieldBottom - 16 }
      : null;
    this.touch.layout(space, this.pad);
  }

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
      strip: this.strip.kinds,
      touchControls: this.touch.root.visible,
      ...(this.pad ? { pad: this.pad } : {}),
      stick: this.touch.stickBox,
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
    this.strip.setClock(clock);
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
    this.strip.dropArt();
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
    // Reduced motion (engine.motion): no burst of sparks and no shake, the rock just breaks.
    const burst = this.engine.motion.allow('burst');
    const wanted = burst ? Math.round(this.values.particles * (large ? 0.7 : 1)) : 0;
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
    if (this.engine.motion.allow('shake')) this.shakeLeft = large ? 0.12 : 0.25;
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
    this.strip.draw(this.sim?.revealed ?? [], this.lit);
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
