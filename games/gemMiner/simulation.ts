import { seededRandom, type ParamValues, type Simulation } from '../../engine/headless/index';
import { idleBoard, tileFaces, type GemMinerBoard, type TileFace } from './board';
import type { gemMinerParams } from './params';
import { GEM_MINER } from './rules';

export interface ShaftTile {
  face: TileFace;
  /** Reveal progress 0..1 towards `face` (1 = shown); the delay waits for the swing or the stagger. */
  reveal: number;
  delay: number;
}

/** Dust, sparks, rock shards and gem glints, in shaft units (x: tiles, y: levels, down). */
export interface Particle {
  kind: 'dust' | 'spark' | 'shard' | 'glint';
  x: number;
  y: number;
  vx: number;
  vy: number;
  life: number;
  maxLife: number;
}

const GRAVITY = 9;

/**
 * The shaft over time, no Pixi: tile faces and their reveal animations, the miner walking to a
 * tile and swinging the pickaxe (for as long as the server takes to answer), and the particles.
 */
export class GemMinerSimulation implements Simulation<typeof gemMinerParams> {
  board: GemMinerBoard = idleBoard('medium');
  tiles: ShaftTile[][] = [];
  /** The miner: where it stands (x: tile column centre, y: the top of the level dug) and goes. */
  miner = { x: 0.5, y: 0, toX: 0.5, toY: 0, swing: 1, digging: false };
  readonly particles: Particle[] = [];
  /** Asked before each reveal's burst of particles (the view asks the engine's reduced motion). */
  allowBurst: () => boolean = () => true;
  /** The keyboard cursor's tile on the current level. */
  cursor = 0;
  private values: ParamValues<typeof gemMinerParams>;
  private readonly random = seededRandom(15);

  constructor(_data: unknown, values: ParamValues<typeof gemMinerParams>) {
    this.values = { ...values };
    this.setBoard(this.board);
  }

  /** The panel's board: new dug tiles are revealed after the swing; at the end the whole shaft. */
  setBoard(board: GemMinerBoard): void {
    const faces = tileFaces(board);
    const fresh =
      board.difficulty !== this.board.difficulty ||
      board.dug.length < this.board.dug.length ||
      this.tiles.length !== faces.length ||
      (board.status === 'playing' && this.board.status !== 'playing' && board.dug.length === 0);
    const previous = this.board;
    this.board = board;
    if (fresh || this.tiles.length === 0) {
      this.tiles = faces.map((row) => row.map((face) => ({ face, reveal: 1, delay: 0 })));
      this.placeMiner(board.dug.length ? board.dug[board.dug.length - 1]! : 0, board.dug.length);
      this.miner.digging = false;
      this.cursor = Math.min(this.cursor, this.columns - 1);
      return;
    }
    const swingLeft = this.miner.digging ? this.values.swingSeconds * (1 - this.miner.swing) : 0;
    let order = 0;
    faces.forEach((row, level) =>
      row.forEach((face, tile) => {
        const state = this.tiles[level]![tile]!;
        if (state.face === face) return;
        const dugNow = board.dug[level] === tile && previous.dug[level] !== tile;
        state.face = face;
        state.reveal = 0;
        state.delay = dugNow ? swingLeft : 0.25 + order++ * this.values.revealAllStagger;
        if (dugNow) this.placeMiner(tile, level, false);
      }),
    );
    this.miner.digging = false;
    if (board.dug.length > previous.dug.length && board.status === 'playing') {
      // The miner climbs down into the hole it dug, ready for the next level.
      this.miner.toY = board.dug.length;
    }
  }

  /** A dig was sent: walk to the tile and swing until the answer comes. */
  digStarted(tile: number, level: number): void {
    this.placeMiner(tile, level, false);
    this.miner.digging = true;
    this.miner.swing = 0;
    this.cursor = tile;
  }

  /** Tiles of a level on this board. */
  get columns(): number {
    return this.tiles[0]?.length ?? 1;
  }

  /** Every reveal, swing and particle has finished. */
  get settled(): boolean {
    return (
      !this.miner.digging &&
      this.particles.length === 0 &&
      this.tiles.every((row) => row.every((t) => t.reveal >= 1))
    );
  }

  moveCursor(dx: number): void {
    this.cursor = Math.max(0, Math.min(this.columns - 1, this.cursor + dx));
  }

  update(dt: number): void {
    const m = this.miner;
    const step = this.values.minerSpeed * dt;
    m.x += Math.max(-step, Math.min(step, m.toX - m.x));
    m.y += Math.max(-step, Math.min(step, m.toY - m.y));
    if (m.swing < 1 || m.digging) {
      m.swing += dt / Math.max(0.01, this.values.swingSeconds);
      if (m.swing >= 1) m.swing = m.digging ? m.swing - 1 : 1;
    }
    const rate = dt / Math.max(0.01, this.values.revealSeconds);
    this.tiles.forEach((row, level) =>
      row.forEach((tile, column) => {
        if (tile.reveal >= 1) return;
        if (tile.delay > 0) {
          tile.delay = Math.max(0, tile.delay - dt);
          return;
        }
        if (tile.reveal === 0 && this.allowBurst())
          this.burst(tile.face, column + 0.5, level + 0.5);
        tile.reveal = Math.min(1, tile.reveal + rate);
      }),
    );
    for (let i = this.particles.length - 1; i >= 0; i--) {
      const p = this.particles[i]!;
      p.life -= dt;
      if (p.life <= 0) {
        this.particles.splice(i, 1);
        continue;
      }
      if (p.kind !== 'glint') p.vy += GRAVITY * dt * (p.kind === 'spark' ? 0.3 : 1);
      p.x += p.vx * dt;
      p.y += p.vy * dt;
    }
  }

  paramsChanged(values: ParamValues<typeof gemMinerParams>): void {
    this.values = { ...values };
  }

  private placeMiner(tile: number, level: number, jump = true): void {
    const m = this.miner;
    m.toX = tile + 0.5;
    m.toY = Math.min(level, GEM_MINER.levels);
    if (jump) {
      m.x = m.toX;
      m.y = m.toY;
    }
  }

  /** Dust on every reveal; sparks and shards on a rock, glints on a gem (fewer for the rest of the shaft). */
  private burst(face: TileFace, x: number, y: number): void {
    const dug = face === 'gem' || face === 'rock';
    const count = Math.round(this.values.particles * (dug ? 1 : 0.25));
    const r = this.random;
    for (let i = 0; i < count; i++) {
      const kind: Particle['kind'] =
        i % 2 === 0
          ? 'dust'
          : face.startsWith('rock')
            ? i % 4 === 1
              ? 'spark'
              : 'shard'
            : 'glint';
      const angle = -Math.PI / 2 + (r() - 0.5) * Math.PI * 1.4;
      const speed =
        kind === 'spark' ? 3 + r() * 3 : kind === 'glint' ? 0.4 + r() * 0.6 : 0.8 + r() * 1.6;
      const life = kind === 'dust' ? 0.5 + r() * 0.5 : 0.35 + r() * 0.45;
      this.particles.push({
        kind,
        x: x + (r() - 0.5) * 0.5,
        y: y - 0.3 + (r() - 0.5) * 0.3,
        vx: Math.cos(angle) * speed,
        vy: Math.sin(angle) * speed,
        life,
        maxLife: life,
      });
    }
  }
}
