import { Container, Graphics, Rectangle, Sprite, Text, Texture } from 'pixi.js';
import type { ActionPhase, LayoutReport, LayoutSpace, SceneContext } from '../../engine/index';
import { BOARD_ACTIONS, cursorStep, tileActions, tileOfAction } from '../shared/scene/boardKeys';
import { defineScene, GameView } from '../shared/scene/gameScene';
import { playGameSound } from '../shared/scene/sounds';
import { currentLevel } from './board';
import { gemMinerChannel, type GemMinerSceneApi } from './channel';
import { gemMinerParams } from './params';
import { GEM_MINER, gemMinerMultiplierE4, SHAFTS } from './rules';
import { GemMinerSimulation } from './simulation';
import { GEMMINER_ART } from './bundle';
import { COLORS } from './palette';
import { TileView, type TileFrames, type TileLook } from './tileView';
import { formatMultiplier, MULTIPLIER_SCALE } from '../fairness/money';

const MARGIN = 8;
const MAX_LEVELS = GEM_MINER.levels;

interface Geometry {
  /** The shaft's left edge, the first level's top, a tile's width and a level's height. */
  x: number;
  top: number;
  tileW: number;
  rowH: number;
  gap: number;
  ladder: { x: number; width: number };
  space: LayoutSpace;
}

/**
 * A mine shaft seen from the side: one row of tiles per level under the surface, the miner
 * digging the chosen tile, the multiplier ladder beside the shaft. Tap or click a tile of the
 * current level, press 1-4, or move with the arrows and dig with Enter; C cashes out (panel).
 */
class GemMinerView extends GameView<GemMinerSimulation> {
  private readonly backdrop = new Graphics();
  /** The current level's band and the target's marker on the ladder. */
  private readonly shaft = new Graphics();
  /**
   * One view per tile slot, sprites of the baked tiles (tileView.ts), set again only when its tile
   * changed. A render group of its own, so a tile changed rebuilds this layer's instructions only.
   */
  private readonly tileLayer = new Container({ label: 'tiles', isRenderGroup: true });
  private readonly tileViews: TileView[] = [];
  /** What each tile view shows (null: nothing, an empty slot; see drawTiles). */
  private readonly drawnTiles: (TileLook | null)[] = [];
  /** Bumped by every layout: each tile is drawn again in its new box. */
  private layoutVersion = 0;
  private readonly actors = new Graphics();
  /**
   * The particles as sprites (a white pixel or a dot, tinted, sized and turned): drawn into a
   * Graphics, the hundreds of a revealed shaft were triangulated again every frame, most of the
   * frame. A render group of its own: a burst adding sprites rebuilds this layer's draw
   * instructions only. Sprites are kept for the next particles (hidden meanwhile).
   */
  private readonly particleLayer = new Container({ label: 'particles', isRenderGroup: true });
  private readonly particleSprites: Sprite[] = [];
  private particlesShown = 0;
  private dotTexture: Texture = Texture.WHITE;
  private motion!: SceneContext['engine']['motion'];
  private readonly hits = new Container({ label: 'gemMiner-tiles' });
  private readonly ladderTexts: Text[] = [];
  private geometry: Geometry | null = null;
  private hover: { tile: number; level: number } | null = null;
  private drawnBackdrop = '';
  private drawnLadder = '';
  private drawnActors = '';
  private readonly api: GemMinerSceneApi = {
    // The answer's sounds (a gem, the rock, the win) are the panel's (useSteppedGame).
    configure: (board) => this.sim.setBoard(board),
    cursor: () => this.sim.cursor,
    digging: (tile, level) => {
      this.sim.digStarted(tile, level);
      playGameSound('tick');
    },
  };

  create(ctx: SceneContext): void {
    this.motion = ctx.engine.motion;
    this.dotTexture = ctx.engine.textures.get('gemMiner:dot', (dot) =>
      dot.circle(16, 16, 16).fill(0xffffff),
    );
    const sheet = ctx.engine.assets.sheet(GEMMINER_ART).textures;
    const frames: TileFrames = {
      dirt: [sheet.dirt0!, sheet.dirt1!, sheet.dirt2!],
      hole: sheet.hole!,
      gem: sheet.gem!,
      glow: sheet.glow!,
      rock: sheet.rock!,
      cracks: [sheet.crack2!, sheet.crack3!, sheet.crack4!, sheet.crack5!],
      dot: this.dotTexture,
    };
    for (let level = 0; level < MAX_LEVELS; level++) {
      for (let tile = 0; tile < GEM_MINER.maxTiles; tile++) {
        const hit = new Container({ label: `tile-${level}-${tile}` });
        hit.eventMode = 'static';
        hit.cursor = 'pointer';
        hit.on('pointertap', () => gemMinerChannel.emit('tile', tile, level));
        hit.on('pointerover', () => (this.hover = { tile, level }));
        hit.on('pointerout', () => {
          if (this.hover?.tile === tile && this.hover.level === level) this.hover = null;
        });
        this.hits.addChild(hit);
        const view = new TileView(frames, level * 4 + tile);
        this.tileLayer.addChild(view.root);
        this.tileViews.push(view);
        this.drawnTiles.push(null);
      }
      const text = new Text({
        text: '',
        style: { fill: COLORS.ladderText, fontFamily: 'system-ui, sans-serif', fontSize: 13 },
      });
      text.anchor.set(0.5);
      this.ladderTexts.push(text);
    }
    ctx.root.addChild(
      this.backdrop,
      this.shaft,
      this.tileLayer,
      ...this.ladderTexts,
      this.particleLayer,
      this.actors,
      this.hits,
    );
  }

  /**
   * Landscape: the shaft centred with the ladder at its right; portrait: the shaft across the
   * width, the ladder a narrow column at the right. Levels share the height under the surface.
   */
  layout(space: LayoutSpace): void {
    const ladderWidth = Math.round(
      Math.max(62, Math.min(120, space.width * (space.portrait ? 0.2 : 0.14))),
    );
    const rowH = Math.max(18, (space.height - 2 * MARGIN) / (MAX_LEVELS + 1.1));
    const top = space.height - MARGIN - rowH * MAX_LEVELS;
    const gap = Math.max(3, Math.round(rowH * 0.08));
    const available = space.width - ladderWidth - 3 * MARGIN;
    const shaftWidth = Math.min(available, rowH * 2.2 * GEM_MINER.maxTiles);
    const x = Math.round(
      space.portrait ? MARGIN : (space.width - shaftWidth - ladderWidth - MARGIN) / 2,
    );
    this.geometry = {
      x,
      top,
      tileW: shaftWidth,
      rowH,
      gap,
      ladder: { x: x + shaftWidth + MARGIN, width: ladderWidth },
      space,
    };
    this.ladderTexts.forEach((t) => (t.style.fontSize = Math.max(11, Math.min(18, rowH * 0.36))));
    this.drawnBackdrop = '';
    this.drawnLadder = '';
    this.layoutVersion += 1;
    this.drawnActors = '';
  }

  describeLayout(): LayoutReport {
    const g = this.geometry;
    if (!g) return {};
    const tiles = this.sim.columns;
    const tile = this.tileRect(0, 0);
    const next = this.tileRect(1, Math.min(1, tiles - 1));
    return {
      shaft: { x: g.x, y: g.top, width: g.tileW, height: g.rowH * MAX_LEVELS },
      ladder: { x: g.ladder.x, y: g.top, width: g.ladder.width, height: g.rowH * MAX_LEVELS },
      tile: { x: tile.x, y: tile.y, width: tile.width, height: tile.height },
      /** From one tile to the next on a level (x) and from one level to the next (y). */
      pitchX: next.x - tile.x,
      pitchY: next.y - tile.y,
      tiles,
      levels: MAX_LEVELS,
      labelPx: this.ladderTexts[0]?.style.fontSize ?? 0,
    };
  }

  show(): void {
    this.sim.allowBurst = () => this.motion.allow('burst');
    this.drawnBackdrop = '';
    this.drawnLadder = '';
    this.layoutVersion += 1;
    this.drawnActors = '';
    gemMinerChannel.attach(this.api);
  }

  hide(): void {
    gemMinerChannel.detach(this.api);
    this.hover = null;
  }

  /** Left and right move the cursor, Enter or Space digs there, 1-4 dig that tile; C: the panel. */
  action(name: string, phase: ActionPhase): boolean {
    const dx = cursorStep(name)?.[0] ?? 0;
    if (dx !== 0) {
      if (phase === 'down') {
        this.sim.moveCursor(dx);
        playGameSound('tick');
      }
      return true;
    }
    const tile = name === 'pick' ? this.sim.cursor : (tileOfAction(name) ?? -1);
    if (tile < 0) return gemMinerChannel.action(name, phase);
    const level = currentLevel(this.sim.board);
    if (level < 0 || tile >= this.sim.columns) return false;
    if (phase === 'down') {
      this.sim.cursor = tile;
      gemMinerChannel.emit('tile', tile, level);
    }
    return true;
  }

  render(): void {
    const g = this.geometry;
    if (!g) return;
    const board = this.sim.board;
    const backdropKey = `${g.space.width}x${g.space.height}:${board.difficulty}`;
    if (backdropKey !== this.drawnBackdrop) {
      this.drawBackdrop(g);
      this.placeHits(g);
      this.drawnBackdrop = backdropKey;
    }
    const ladderKey = `${backdropKey}:${board.status}:${board.dug.length}:${board.target}`;
    // Graphics are rebuilt only when what they show changed (a resting shaft costs nothing).
    if (ladderKey !== this.drawnLadder) {
      this.drawLadder(g);
      this.drawShaft(g);
      this.drawnLadder = ladderKey;
    }
    this.drawTiles();
    const m = this.sim.miner;
    const actorsKey = `${backdropKey}:${m.x}:${m.y}:${m.swing}`;
    if (actorsKey !== this.drawnActors) {
      this.drawActors(g);
      this.drawnActors = actorsKey;
    }
    if (this.sim.particles.length > 0 || this.particlesShown > 0) this.drawParticles(g);
  }

  private tileRect(level: number, tile: number) {
    const g = this.geometry!;
    const columns = this.sim.columns;
    const width = (g.tileW - g.gap * (columns + 1)) / columns;
    return {
      x: g.x + g.gap + tile * (width + g.gap),
      y: g.top + level * g.rowH + g.gap / 2,
      width,
      height: g.rowH - g.gap,
    };
  }

  private placeHits(g: Geometry): void {
    const columns = SHAFTS[this.sim.board.difficulty].tiles;
    this.hits.children.forEach((hit, i) => {
      const level = Math.floor(i / GEM_MINER.maxTiles);
      const tile = i % GEM_MINER.maxTiles;
      hit.visible = tile < columns;
      const r = this.tileRect(level, tile);
      hit.hitArea = new Rectangle(r.x, r.y, r.width, r.height);
    });
    void g;
  }

  private drawBackdrop(g: Geometry): void {
    const b = this.backdrop.clear();
    const { width, height } = g.space;
    const surface = g.top;
    b.rect(0, 0, width, surface).fill(COLORS.sky);
    b.rect(0, surface, width, height - surface).fill(COLORS.earth);
    for (let i = 0; i < MAX_LEVELS; i += 2) {
      b.rect(0, surface + (i + 0.6) * g.rowH, width, g.rowH * 0.35).fill({
        color: COLORS.strata,
        alpha: 0.6,
      });
    }
    b.rect(0, surface - 4, width, 6).fill(COLORS.grass);
    // The shaft's walls and its dark inside.
    b.rect(g.x - 4, surface, g.tileW + 8, g.rowH * MAX_LEVELS).fill(COLORS.wall);
    b.rect(g.x, surface, g.tileW, g.rowH * MAX_LEVELS).fill(COLORS.hole);
    // The headframe over the shaft: two legs, a beam and the wheel.
    const cx = g.x + g.tileW / 2;
    const frameH = Math.max(10, surface - MARGIN * 1.5);
    const half = Math.min(g.tileW * 0.3, frameH * 0.9);
    const legs = { width: 4, color: COLORS.wood };
    b.moveTo(cx - half, surface)
      .lineTo(cx, surface - frameH)
      .stroke(legs);
    b.moveTo(cx + half, surface)
      .lineTo(cx, surface - frameH)
      .stroke(legs);
    b.moveTo(cx - half * 0.6, surface - frameH * 0.4)
      .lineTo(cx + half * 0.6, surface - frameH * 0.4)
      .stroke(legs);
    b.circle(cx, surface - frameH, Math.max(3, frameH * 0.18)).stroke({
      width: 3,
      color: COLORS.steel,
    });
    // The ladder's column.
    b.roundRect(g.ladder.x, surface, g.ladder.width, g.rowH * MAX_LEVELS, 8).fill(COLORS.ladder);
  }

  private drawLadder(g: Geometry): void {
    const board = this.sim.board;
    const cleared =
      board.status === 'lost'
        ? board.dug.length - 1
        : board.status === 'idle'
          ? 0
          : board.dug.length;
    const current = currentLevel(board);
    this.ladderTexts.forEach((text, level) => {
      const m = gemMinerMultiplierE4(board.difficulty, level + 1) / MULTIPLIER_SCALE;
      text.text = formatMultiplier(m);
      text.position.set(g.ladder.x + g.ladder.width / 2, g.top + (level + 0.5) * g.rowH);
      const passed = level < cleared && board.status !== 'idle';
      text.style.fill =
        level === current
          ? COLORS.gold
          : passed
            ? COLORS.passed
            : board.target === level + 1
              ? COLORS.gold
              : COLORS.ladderText;
      text.style.fontWeight = level === current || passed ? '700' : '400';
      text.alpha = board.status === 'lost' && level >= cleared ? 0.5 : 1;
    });
  }

  private drawShaft(g: Geometry): void {
    const s = this.shaft.clear();
    const board = this.sim.board;
    const current = currentLevel(board);
    // The current level's band on the ladder, and the target's marker.
    if (current >= 0) {
      s.roundRect(
        g.ladder.x + 3,
        g.top + current * g.rowH + 3,
        g.ladder.width - 6,
        g.rowH - 6,
        6,
      ).stroke({ width: 2, color: COLORS.gold });
    }
    if (board.target !== null && board.status !== 'playing') {
      const y = g.top + board.target * g.rowH;
      s.moveTo(g.ladder.x + 4, y)
        .lineTo(g.ladder.x + g.ladder.width - 4, y)
        .stroke({
          width: 2,
          color: COLORS.gold,
        });
    }
  }

  /** Sets again the tiles whose look changed since they were last shown, and hides empty slots. */
  private drawTiles(): void {
    const board = this.sim.board;
    const current = currentLevel(board);
    this.tileViews.forEach((view, i) => {
      const level = Math.floor(i / GEM_MINER.maxTiles);
      const column = i % GEM_MINER.maxTiles;
      const tile = this.sim.tiles[level]?.[column];
      if (!tile) {
        view.clear();
        this.drawnTiles[i] = null;
        return;
      }
      const shown = tile.reveal > 0 ? tile.face : 'hidden';
      const lit = level === current;
      const cursor = lit && this.sim.cursor === column;
      const hovered =
        lit && this.hover?.level === level && this.hover.tile === column && shown === 'hidden';
      const pattern = board.status !== 'playing' ? board.pattern?.[level] : undefined;
      const mark =
        shown === 'hidden' && (pattern === column || pattern === -1) ? pattern : undefined;
      const outlined = hovered || cursor;
      const was = this.drawnTiles[i];
      if (
        was?.layout === this.layoutVersion &&
        was.shown === shown &&
        was.reveal === tile.reveal &&
        was.lit === lit &&
        was.outlined === outlined &&
        was.mark === mark
      ) {
        return;
      }
      const look = { layout: this.layoutVersion, shown, reveal: tile.reveal, lit, outlined, mark };
      this.drawnTiles[i] = look;
      view.show(look, this.tileRect(level, column));
    });
  }

  /** Dust (a dot), sparks (a line), shards (a square) and glints (a cross), fading out. */
  private drawParticles(g: Geometry): void {
    const columns = this.sim.columns;
    const unit = g.rowH * 0.05;
    let used = 0;
    /** The next sprite: `texture`, centred or (a line) from its left end, tinted and faded. */
    const place = (
      texture: Texture,
      x: number,
      y: number,
      size: { width: number; height: number; rotation: number; fromEnd: boolean },
      tint: number,
      alpha: number,
    ) => {
      let sprite = this.particleSprites[used];
      if (!sprite) {
        sprite = new Sprite();
        this.particleSprites.push(sprite);
        this.particleLayer.addChild(sprite);
      }
      used += 1;
      sprite.texture = texture;
      sprite.anchor.set(size.fromEnd ? 0 : 0.5, 0.5);
      sprite.position.set(x, y);
      sprite.width = size.width;
      sprite.height = size.height;
      sprite.rotation = size.rotation;
      sprite.tint = tint;
      sprite.alpha = alpha;
      sprite.visible = true;
    };
    const white = Texture.WHITE;
    for (const p of this.sim.particles) {
      const px = g.x + (p.x / columns) * g.tileW;
      const py = g.top + p.y * g.rowH;
      const alpha = Math.max(0, p.life / p.maxLife);
      if (p.kind === 'dust') {
        const d = 2 * unit * (1.6 + (1 - alpha) * 2);
        const size = { width: d, height: d, rotation: 0, fromEnd: false };
        place(this.dotTexture, px, py, size, 0xb89a74, alpha * 0.6);
      } else if (p.kind === 'spark') {
        const dx = -p.vx * unit * 0.8;
        const dy = -p.vy * unit * 0.8;
        const size = {
          width: Math.hypot(dx, dy),
          height: 2,
          rotation: Math.atan2(dy, dx),
          fromEnd: true,
        };
        place(white, px, py, size, COLORS.gold, alpha);
      } else if (p.kind === 'shard') {
        const size = { width: unit * 2, height: unit * 2, rotation: 0, fromEnd: false };
        place(white, px, py, size, COLORS.rockDark, alpha);
      } else {
        const across = { width: unit * 3, height: 1.5, rotation: 0, fromEnd: false };
        place(white, px, py, across, 0xffffff, alpha);
        place(white, px, py, { ...across, rotation: Math.PI / 2 }, 0xffffff, alpha);
      }
    }
    for (let i = used; i < this.particlesShown; i++) this.particleSprites[i]!.visible = false;
    this.particlesShown = used;
  }

  private drawActors(g: Geometry): void {
    const a = this.actors.clear();
    const columns = this.sim.columns;
    const colW = g.tileW / columns;
    // The miner stands on the top edge of the level it digs, beside the tile, facing it.
    const m = this.sim.miner;
    const h = g.rowH * 0.95;
    const feetY = g.top + m.y * g.rowH - (m.y > 0 ? g.gap / 2 : 0);
    const x = g.x + (m.x / columns) * g.tileW - Math.min(colW * 0.28, h * 0.35);
    const body = { width: h * 0.22, height: h * 0.34 };
    a.rect(x - body.width * 0.4, feetY - h * 0.28, body.width * 0.3, h * 0.28).fill(
      COLORS.overalls,
    );
    a.rect(x + body.width * 0.1, feetY - h * 0.28, body.width * 0.3, h * 0.28).fill(
      COLORS.overalls,
    );
    a.roundRect(
      x - body.width / 2,
      feetY - h * 0.28 - body.height,
      body.width,
      body.height,
      3,
    ).fill(COLORS.overalls);
    const headY = feetY - h * 0.28 - body.height - h * 0.11;
    a.circle(x, headY, h * 0.11).fill(COLORS.skin);
    const helmet = h * 0.125;
    a.moveTo(x - helmet, headY - h * 0.02)
      .arc(x, headY - h * 0.02, helmet, Math.PI, 0)
      .closePath()
      .fill(COLORS.gold);
    a.circle(x + h * 0.1, headY - h * 0.06, h * 0.03).fill(0xffffff);
    // The pickaxe: raised, then struck down at the tile, on every swing.
    const t = m.swing;
    const angle = t >= 1 ? 0.5 : t < 0.6 ? -1.6 * (t / 0.6) : -1.6 + 2.4 * ((t - 0.6) / 0.4);
    const sx = x + body.width * 0.35;
    const sy = feetY - h * 0.28 - body.height * 0.8;
    const len = h * 0.5;
    const ex = sx + Math.cos(angle) * len;
    const ey = sy + Math.sin(angle) * len;
    a.moveTo(sx, sy)
      .lineTo(ex, ey)
      .stroke({ width: Math.max(2, h * 0.04), color: COLORS.wood });
    const px = -Math.sin(angle) * h * 0.14;
    const py = Math.cos(angle) * h * 0.14;
    a.moveTo(ex - px, ey - py)
      .lineTo(ex + px, ey + py)
      .stroke({ width: Math.max(2, h * 0.05), color: COLORS.steel });
  }
}

export default defineScene({
  params: gemMinerParams,
  actions: [...tileActions(GEM_MINER.maxTiles), ...BOARD_ACTIONS],
  simulation: (data, values) => new GemMinerSimulation(data, values),
  view: () => new GemMinerView(),
});
