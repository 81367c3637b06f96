import { Container, Graphics, Rectangle, TextStyle } from 'pixi.js';
import {
  prepareGlyphs,
  SpriteText,
  type ActionPhase,
  type LayoutReport,
  type LayoutSpace,
  type SceneContext,
} from '../../engine/index';
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
import { DotLayer, dotFrames } from '../shared/scene/dotLayer';
import { formatMultiplier, MULTIPLIER_SCALE } from '../fairness/money';

const MARGIN = 8;
const MAX_LEVELS = GEM_MINER.levels;
/** The ladder's labels (white, tinted per level; bold for the current and passed levels). */
const LADDER_STYLE = { fill: 0xffffff, fontFamily: 'system-ui, sans-serif', fontSize: 13 } as const;

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
  /** The current level's band and the target's marker on the ladder (placeLadderMarks). */
  private readonly levelBand = new Graphics({ alpha: 0 });
  private readonly targetMark = new Graphics({ alpha: 0 });
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
  /**
   * The miner, drawn once per size with its feet at the origin and moved; its pickaxe drawn once
   * per size from the shoulder along x and turned: a swing changes two transforms, not geometry.
   */
  private readonly miner = new Container({ label: 'miner' });
  private readonly minerBody = new Graphics();
  private readonly pickaxe = new Graphics();
  /** Dust, sparks, shards and glints (dotLayer.ts); created with the engine's dot. */
  private particles!: DotLayer;
  private motion!: SceneContext['engine']['motion'];
  private readonly hits = new Container({ label: 'gemMiner-tiles' });
  /**
   * The ladder's multipliers: glyph sprites of a bitmap font (white glyphs drawn once, tinted), so
   * a level reached or passed changes a tint rather than rasterising its label again, and new
   * words (another shaft) rebuild no draw instructions (SpriteText). Both weights are drawn at
   * scene start.
   */
  private readonly ladderTexts: SpriteText[] = [];
  private geometry: Geometry | null = null;
  private hover: { tile: number; level: number } | null = null;
  private drawnBackdrop = '';
  private drawnLadder = '';
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
    const dots = dotFrames(ctx.engine.textures);
    this.particles = new DotLayer('particles', dots);
    const sheet = ctx.engine.assets.sheet(GEMMINER_ART).textures;
    const frames: TileFrames = {
      dirt: [sheet.dirt0!, sheet.dirt1!, sheet.dirt2!],
      hole: sheet.hole!,
      gem: sheet.gem!,
      glow: sheet.glow!,
      rock: sheet.rock!,
      cracks: [sheet.crack2!, sheet.crack3!, sheet.crack4!, sheet.crack5!],
      dot: dots.dot,
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
      // Weight 400 from the start: 'normal' is the same weight but a third glyph atlas to draw.
      const text = new SpriteText({
        style: { ...LADDER_STYLE, fontWeight: '400' },
        anchor: 0.5,
        capacity: 8,
      });
      this.ladderTexts.push(text);
    }
    for (const fontWeight of ['400', '700'] as const)
      prepareGlyphs({ style: new TextStyle({ ...LADDER_STYLE, fontWeight }) }, ctx.engine.renderer);
    ctx.root.addChild(
      this.backdrop,
      this.levelBand,
      this.targetMark,
      this.tileLayer,
      ...this.ladderTexts,
      this.particles.view,
      this.miner,
      this.hits,
    );
    this.miner.addChild(this.minerBody, this.pickaxe);
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
  }

  describeLayout(): LayoutReport {
    const g = this.geometry;
    if (!g) return {};
    const tiles = this.sim.columns;
    const tile = this.tileRect(0, 0);
    const next = this.tileRect(1, Math.min(1, tiles - 1));
    const drawn = this.tileViews[0]?.box;
    return {
      shaft: { x: g.x, y: g.top, width: g.tileW, height: g.rowH * MAX_LEVELS },
      ladder: { x: g.ladder.x, y: g.top, width: g.ladder.width, height: g.rowH * MAX_LEVELS },
      tile: { x: tile.x, y: tile.y, width: tile.width, height: tile.height },
      /** Where the first level's first tile is drawn now (the same as `tile` once drawn). */
      ...(drawn ? { drawnTile: drawn } : {}),
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
    gemMinerChannel.attach(this.api);
  }

  /** Particles move with no scene-graph change: the frame is drawn while any are shown. */
  still(): boolean {
    return this.particles.still();
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
      this.drawMiner(g);
      this.drawLadderMarks(g);
      this.drawnBackdrop = backdropKey;
      // Another difficulty has another number of tiles a level: every tile's box moved.
      this.layoutVersion += 1;
    }
    const ladderKey = `${backdropKey}:${board.status}:${board.dug.length}:${board.target}`;
    // Graphics are rebuilt only when what they show changed (a resting shaft costs nothing).
    if (ladderKey !== this.drawnLadder) {
      this.drawLadder(g);
      this.placeLadderMarks(g);
      this.drawnLadder = ladderKey;
    }
    this.drawTiles();
    this.placeMiner(g);
    this.drawParticles(g);
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
      text.tint =
        level === current
          ? COLORS.gold
          : passed
            ? COLORS.passed
            : board.target === level + 1
              ? COLORS.gold
              : COLORS.ladderText;
      const weight = level === current || passed ? '700' : '400';
      if (text.style.fontWeight !== weight) text.style.fontWeight = weight;
      text.alpha = board.status === 'lost' && level >= cleared ? 0.5 : 1;
    });
  }

  /** The current level's band on the ladder and the target's marker, for this layout. */
  private drawLadderMarks(g: Geometry): void {
    this.levelBand
      .clear()
      .roundRect(3, 3, g.ladder.width - 6, g.rowH - 6, 6)
      .stroke({ width: 2, color: COLORS.gold });
    this.targetMark
      .clear()
      .moveTo(4, 0)
      .lineTo(g.ladder.width - 4, 0)
      .stroke({ width: 2, color: COLORS.gold });
  }

  /**
   * Moves the band to the current level and the marker to the target: drawn once per layout and
   * moved, since a Graphics drawn again rebuilds the stage's draw instructions (at every dig).
   */
  private placeLadderMarks(g: Geometry): void {
    const board = this.sim.board;
    const current = currentLevel(board);
    this.levelBand.position.set(g.ladder.x, g.top + Math.max(0, current) * g.rowH);
    this.levelBand.alpha = current >= 0 ? 1 : 0;
    const target = board.target !== null && board.status !== 'playing' ? board.target : null;
    this.targetMark.position.set(g.ladder.x, g.top + (target ?? 0) * g.rowH);
    this.targetMark.alpha = target === null ? 0 : 1;
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
    const layer = this.particles;
    layer.begin();
    const columns = this.sim.columns;
    const unit = g.rowH * 0.05;
    for (const p of this.sim.particles) {
      const x = g.x + (p.x / columns) * g.tileW;
      const y = g.top + p.y * g.rowH;
      const alpha = Math.max(0, p.life / p.maxLife);
      if (p.kind === 'dust') {
        const d = 2 * unit * (1.6 + (1 - alpha) * 2);
        layer.put('dot', x, y, d, d, 0xb89a74, alpha * 0.6);
      } else if (p.kind === 'spark') {
        const dx = -p.vx * unit * 0.8;
        const dy = -p.vy * unit * 0.8;
        layer.put('square', x, y, Math.hypot(dx, dy), 2, COLORS.gold, alpha, Math.atan2(dy, dx), 0);
      } else if (p.kind === 'shard') {
        const size = unit * 2;
        layer.put('square', x, y, size, size, COLORS.rockDark, alpha);
      } else {
        layer.put('square', x, y, unit * 3, 1.5, 0xffffff, alpha);
        layer.put('square', x, y, unit * 3, 1.5, 0xffffff, alpha, Math.PI / 2);
      }
    }
    layer.end();
  }

  /** The miner's height for a level's height. */
  private static minerHeight(g: Geometry): number {
    return g.rowH * 0.95;
  }

  /** The miner and its pickaxe for this size (placeMiner moves and turns them). */
  private drawMiner(g: Geometry): void {
    const h = GemMinerView.minerHeight(g);
    const body = { width: h * 0.22, height: h * 0.34 };
    const a = this.minerBody.clear();
    a.rect(-body.width * 0.4, -h * 0.28, body.width * 0.3, h * 0.28).fill(COLORS.overalls);
    a.rect(body.width * 0.1, -h * 0.28, body.width * 0.3, h * 0.28).fill(COLORS.overalls);
    a.roundRect(-body.width / 2, -h * 0.28 - body.height, body.width, body.height, 3).fill(
      COLORS.overalls,
    );
    const headY = -h * 0.28 - body.height - h * 0.11;
    a.circle(0, headY, h * 0.11).fill(COLORS.skin);
    const helmet = h * 0.125;
    a.moveTo(-helmet, headY - h * 0.02)
      .arc(0, headY - h * 0.02, helmet, Math.PI, 0)
      .closePath()
      .fill(COLORS.gold);
    a.circle(h * 0.1, headY - h * 0.06, h * 0.03).fill(0xffffff);
    // The pickaxe from the shoulder along x: the handle, then the head across its end.
    const len = h * 0.5;
    this.pickaxe
      .clear()
      .moveTo(0, 0)
      .lineTo(len, 0)
      .stroke({ width: Math.max(2, h * 0.04), color: COLORS.wood })
      .moveTo(len, -h * 0.14)
      .lineTo(len, h * 0.14)
      .stroke({ width: Math.max(2, h * 0.05), color: COLORS.steel });
    this.pickaxe.position.set(body.width * 0.35, -h * 0.28 - body.height * 0.8);
  }

  /**
   * The miner stands on the top edge of the level it digs, beside the tile, facing it; the
   * pickaxe is raised, then struck down at the tile, on every swing.
   */
  private placeMiner(g: Geometry): void {
    const columns = this.sim.columns;
    const colW = g.tileW / columns;
    const m = this.sim.miner;
    const h = GemMinerView.minerHeight(g);
    const feetY = g.top + m.y * g.rowH - (m.y > 0 ? g.gap / 2 : 0);
    const x = g.x + (m.x / columns) * g.tileW - Math.min(colW * 0.28, h * 0.35);
    this.miner.position.set(x, feetY);
    const t = m.swing;
    this.pickaxe.rotation =
      t >= 1 ? 0.5 : t < 0.6 ? -1.6 * (t / 0.6) : -1.6 + 2.4 * ((t - 0.6) / 0.4);
  }
}

export default defineScene({
  params: gemMinerParams,
  actions: [...tileActions(GEM_MINER.maxTiles), ...BOARD_ACTIONS],
  simulation: (data, values) => new GemMinerSimulation(data, values),
  view: () => new GemMinerView(),
});
