import Matter from 'matter-js';
import {
  markExactCircle,
  PhysicsWorld,
  seededRandom,
  type ParamValues,
  type Simulation,
} from '../../engine/headless/index';
import type { asteroidsParams } from './params';

/** The playfield in world units; the view scales it into the canvas. */
export const FIELD = { width: 1000, height: 700 } as const;
export const ASTEROID_COUNT = 9;
export const LARGE_RADIUS = 46;
export const SMALL_RADIUS = 26;
const SHIP_RADIUS = 16;
const WALL = 200;
const BULLET_SPEED = 720;
/** A bullet lives long enough to cross the field's diagonal. */
const BULLET_LIFE = 1.7;
const FIRE_INTERVAL = 0.14;
const MAX_BULLETS = 40;

export interface AsteroidsRoundData {
  /** The server's gems, in the order they are revealed. */
  gems: readonly number[];
  /** Cosmetic randomness (where the rocks start and how they drift). */
  seed: number;
}

/** What the player steers with: keys give -1/0/1 turns, the touch stick an aim direction. */
export interface ShipControls {
  turn: number;
  thrust: boolean;
  fire: boolean;
  /** Touch stick: the direction to face (radians), or null. */
  aim: number | null;
}

export interface Rock {
  body: Matter.Body;
  /** Which of the nine asteroids this rock is (or came from). */
  asteroid: number;
  large: boolean;
  /** Shape seed for the outline. */
  shape: number;
}

export interface Bullet {
  x: number;
  y: number;
  vx: number;
  vy: number;
  life: number;
}

/** Something the view shows once: a split or a break (with its gem when one comes out). */
export interface BlastEvent {
  x: number;
  y: number;
  large: boolean;
  /** The gem revealed by this break, and its place in the server's list. */
  gem?: { kind: number; order: number };
}

const idle = (): ShipControls => ({ turn: 0, thrust: false, fire: false, aim: null });

/**
 * One round of Asteroids over time: a ship, nine rocks on matter-js (they drift, collide and
 * bounce off the walls), bullets as points. The gems are the server's: the k-th asteroid
 * destroyed shows gems[k], whichever it is, so physics never decides the outcome.
 */
export class AsteroidsSimulation implements Simulation<typeof asteroidsParams> {
  readonly physics = new PhysicsWorld({ gravity: { x: 0, y: 0 } });
  readonly ship = { x: FIELD.width / 2, y: FIELD.height / 2, vx: 0, vy: 0, angle: -Math.PI / 2 };
  readonly controls: ShipControls = idle();
  rocks: Rock[] = [];
  bullets: Bullet[] = [];
  /** The gems revealed so far, in order. */
  readonly revealed: number[] = [];
  /** Blasts since the view last took them. */
  events: BlastEvent[] = [];
  gems: readonly number[] = [];
  /** Seconds left in the round; the round is over at 0 or when every gem is out. */
  timeLeft = 0;
  active = false;
  private values: ParamValues<typeof asteroidsParams>;
  private cooldown = 0;
  private fragmentsLeft: number[] = [];
  private finished: (() => void) | null = null;
  /** Spent bullets, reused by fire() (a volley a second makes no garbage). */
  private readonly spareBullets: Bullet[] = [];

  constructor(data: AsteroidsRoundData | undefined, values: ParamValues<typeof asteroidsParams>) {
    this.values = { ...values };
    const { width: w, height: h } = FIELD;
    for (const [x, y, bw, bh] of [
      [w / 2, -WALL / 2, w + 2 * WALL, WALL],
      [w / 2, h + WALL / 2, w + 2 * WALL, WALL],
      [-WALL / 2, h / 2, WALL, h + 2 * WALL],
      [w + WALL / 2, h / 2, WALL, h + 2 * WALL],
    ] as const) {
      this.physics.addRectangle(x, y, bw, bh, { restitution: 1, friction: 0, label: 'wall' });
    }
    if (data) this.start(data);
    else this.drift();
  }

  /** Nine rocks drifting with nothing in them: the field between rounds before the first. */
  drift(): void {
    this.clearRound();
    const random = seededRandom(11);
    for (let i = 0; i < ASTEROID_COUNT; i++) this.addRock(i, true, ...ringSpot(i, random), random);
  }

  /** Starts a round with the server's gems; `done` runs when every gem is out. */
  start(data: AsteroidsRoundData, done?: () => void): void {
    this.clearRound();
    this.finished = done ?? null;
    this.gems = [...data.gems];
    this.timeLeft = this.values.roundSeconds;
    this.active = true;
    this.fragmentsLeft = Array<number>(ASTEROID_COUNT).fill(2);
    Object.assign(this.ship, { x: FIELD.width / 2, y: FIELD.height / 2, vx: 0, vy: 0 });
    this.ship.angle = -Math.PI / 2;
    const random = seededRandom(data.seed);
    for (let i = 0; i < ASTEROID_COUNT; i++) {
      this.addRock(i, true, ...ringSpot(i, random), random);
    }
  }

  /** Every rock left breaks at once and the remaining gems come out in order. */
  revealAll(): void {
    if (!this.active) return;
    for (const rock of [...this.rocks]) this.destroy(rock, true);
  }

  get over(): boolean {
    return !this.active;
  }

  update(dt: number): void {
    // Between rounds the field rests where it is: an idle page draws nothing (and costs no battery).
    if (!this.active) return;
    this.steer(dt);
    this.physics.step();
    this.keepInside();
    this.moveBullets(dt);
    this.timeLeft = Math.max(0, this.timeLeft - dt);
    if (this.timeLeft === 0) this.revealAll();
  }

  paramsChanged(values: ParamValues<typeof asteroidsParams>): void {
    this.values = { ...values };
  }

  dispose(): void {
    this.clearRound();
    this.release();
    this.physics.clear();
  }

  /** Splits or breaks `rock`; with `all`, breaks it and its sibling in one go. */
  private destroy(rock: Rock, all = false): void {
    const { x, y } = rock.body.position;
    this.removeRock(rock);
    if (rock.large && !all) {
      const random = seededRandom(rock.shape);
      this.addRock(rock.asteroid, false, x - 14, y, random, rock.body.velocity);
      this.addRock(rock.asteroid, false, x + 14, y, random, rock.body.velocity);
      this.events.push({ x, y, large: true });
      return;
    }
    const left = (this.fragmentsLeft[rock.asteroid]! -= rock.large ? 2 : 1);
    const blast: BlastEvent = { x, y, large: false };
    if (left <= 0) {
      const order = this.revealed.length;
      const kind = this.gems[order]!;
      this.revealed.push(kind);
      blast.gem = { kind, order };
    }
    this.events.push(blast);
    if (this.revealed.length === this.gems.length) {
      this.active = false;
      // Dropped, not spared: moveBullets may be halfway through compacting this list.
      this.bullets = [];
      this.release();
    }
  }

  private addRock(
    asteroid: number,
    large: boolean,
    x: number,
    y: number,
    random: () => number,
    inherited?: Matter.Vector,
  ): void {
    const radius = large ? LARGE_RADIUS : SMALL_RADIUS;
    const body = this.physics.acquireCircle(x, y, radius, {
      restitution: 1,
      friction: 0,
      frictionAir: 0,
      label: 'rock',
    });
    const heading = random() * Math.PI * 2;
    // matter-js velocities are per 1/60 s step.
    const speed = (this.values.drift / 60) * (large ? 1 : 1.4) * (0.6 + random() * 0.6);
    const vx = Math.cos(heading) * speed + (inherited?.x ?? 0) * 0.5;
    const vy = Math.sin(heading) * speed + (inherited?.y ?? 0) * 0.5;
    // Rocks collide as the circles they are (centre to centre), not as 25-gons: a fraction of
    // the narrowphase's cost, and a bounce no longer depends on which polygon face was struck.
    markExactCircle(body, radius);
    // Rocks do not spin: a bounce keeps all of its speed in the drift.
    Matter.Body.setInertia(body, Infinity);
    body.frictionStatic = 0;
    setVelocity(body, vx, vy);
    this.rocks.push({ body, asteroid, large, shape: Math.floor(random() * 2 ** 31) });
  }

  private removeRock(rock: Rock): void {
    this.rocks.splice(this.rocks.indexOf(rock), 1);
    this.physics.release(rock.body);
  }

  private steer(dt: number): void {
    const { ship, controls } = this;
    const turnRate = 4.2;
    if (controls.aim !== null) {
      const delta = Math.atan2(
        Math.sin(controls.aim - ship.angle),
        Math.cos(controls.aim - ship.angle),
      );
      ship.angle += Math.max(-turnRate * dt, Math.min(turnRate * dt, delta));
    } else {
      ship.angle += controls.turn * turnRate * dt;
    }
    if (controls.thrust) {
      ship.vx += Math.cos(ship.angle) * 420 * dt;
      ship.vy += Math.sin(ship.angle) * 420 * dt;
    }
    const drag = Math.exp(-1.2 * dt);
    ship.vx *= drag;
    ship.vy *= drag;
    ship.x += ship.vx * dt;
    ship.y += ship.vy * dt;
    // The ship bounces off the field's edges like the rocks.
    if (ship.x < SHIP_RADIUS || ship.x > FIELD.width - SHIP_RADIUS) ship.vx = -ship.vx * 0.6;
    if (ship.y < SHIP_RADIUS || ship.y > FIELD.height - SHIP_RADIUS) ship.vy = -ship.vy * 0.6;
    ship.x = clamp(ship.x, SHIP_RADIUS, FIELD.width - SHIP_RADIUS);
    ship.y = clamp(ship.y, SHIP_RADIUS, FIELD.height - SHIP_RADIUS);
    this.cooldown = Math.max(0, this.cooldown - dt);
    if (controls.fire && this.cooldown === 0) this.fire();
  }

  /** A bullet from the ship's nose (public for the bench's volleys). */
  fire(angle = this.ship.angle): void {
    if (this.bullets.length >= MAX_BULLETS) return;
    this.cooldown = FIRE_INTERVAL;
    const { ship } = this;
    const bullet = this.spareBullets.pop() ?? { x: 0, y: 0, vx: 0, vy: 0, life: 0 };
    bullet.x = ship.x + Math.cos(angle) * SHIP_RADIUS;
    bullet.y = ship.y + Math.sin(angle) * SHIP_RADIUS;
    bullet.vx = Math.cos(angle) * BULLET_SPEED + ship.vx;
    bullet.vy = Math.sin(angle) * BULLET_SPEED + ship.vy;
    bullet.life = BULLET_LIFE;
    this.bullets.push(bullet);
  }

  /** Splits every large rock (the bench's 18 rocks). */
  splitAll(): void {
    for (const rock of this.rocks.filter((r) => r.large)) this.destroy(rock);
  }

  /** Moves the bullets and breaks what they hit; spent ones go back to the spares, in place. */
  private moveBullets(dt: number): void {
    const { bullets } = this;
    let kept = 0;
    for (let i = 0; i < bullets.length; i++) {
      const bullet = bullets[i]!;
      bullet.x += bullet.vx * dt;
      bullet.y += bullet.vy * dt;
      bullet.life -= dt;
      const outside =
        bullet.x < 0 || bullet.y < 0 || bullet.x > FIELD.width || bullet.y > FIELD.height;
      const hit = bullet.life <= 0 || outside ? undefined : this.rockAt(bullet.x, bullet.y);
      if (bullet.life > 0 && !outside && !hit) {
        bullets[kept++] = bullet;
        continue;
      }
      this.spareBullets.push(bullet);
      if (!hit) continue;
      this.destroy(hit);
      // The last gem is out: the round ended and took its bullets with it.
      if (!this.active) return;
    }
    bullets.length = kept;
  }

  /** The first rock (in list order) whose circle holds the point. */
  private rockAt(x: number, y: number): Rock | undefined {
    for (const rock of this.rocks) {
      const r = rock.large ? LARGE_RADIUS : SMALL_RADIUS;
      const dx = rock.body.position.x - x;
      const dy = rock.body.position.y - y;
      if (dx * dx + dy * dy <= r * r) return rock;
    }
    return undefined;
  }

  /**
   * The walls stop almost everything; a rock pushed through one by a crowd (matter's position
   * solver) is put back inside with its velocity turned inwards, so nothing leaves the field.
   */
  private keepInside(): void {
    for (const { body, large } of this.rocks) {
      const r = large ? LARGE_RADIUS : SMALL_RADIUS;
      const { x, y } = body.position;
      const nx = clamp(x, r, FIELD.width - r);
      const ny = clamp(y, r, FIELD.height - r);
      if (nx === x && ny === y) continue;
      const v = body.velocity;
      const vx = nx !== x ? Math.sign(nx - x) * Math.abs(v.x) : v.x;
      const vy = ny !== y ? Math.sign(ny - y) * Math.abs(v.y) : v.y;
      setPosition(body, nx, ny);
      setVelocity(body, vx, vy);
    }
  }

  private clearRound(): void {
    for (const rock of this.rocks) this.physics.release(rock.body);
    this.rocks = [];
    this.spareBullets.push(...this.bullets);
    this.bullets = [];
    this.events = [];
    this.revealed.length = 0;
    this.active = false;
    Object.assign(this.controls, idle());
  }

  private release(): void {
    const done = this.finished;
    this.finished = null;
    done?.();
  }
}

/** Rock i's start: around the ship on a ring, never on top of it. */
function ringSpot(i: number, random: () => number): [number, number] {
  const angle = (i / ASTEROID_COUNT) * Math.PI * 2 + random() * 0.4;
  const distance = 200 + random() * 110;
  return [
    FIELD.width / 2 + Math.cos(angle) * distance * 1.3,
    FIELD.height / 2 + Math.sin(angle) * distance * 0.95,
  ];
}

const clamp = (v: number, lo: number, hi: number) => Math.max(lo, Math.min(hi, v));

function setVelocity(body: Matter.Body, x: number, y: number): void {
  Matter.Body.setVelocity(body, { x, y });
}

function setPosition(body: Matter.Body, x: number, y: number): void {
  Matter.Body.setPosition(body, { x, y });
}
