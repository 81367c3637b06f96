import { Container, Graphics, GraphicsContext, Sprite, type Texture } from 'pixi.js';
import type {
  ActionPhase,
  LayoutReport,
  LayoutSpace,
  ParamValues,
  SceneContext,
} from '../../engine/index';
import { BOARD_ACTIONS, cursorStep } from '../shared/scene/boardKeys';
import { defineScene, GameView } from '../shared/scene/gameScene';
import { playGameSound } from '../shared/scene/sounds';
import { conceal } from '../shared/scene/transparent';
import type { TileFace } from './board';
import { MINES_ART, type MinesFrame } from './bundle';
import { minesChannel, type MinesSceneApi } from './channel';
import { minesParams } from './params';
import { MINES } from './rules';
import { MinesSimulation } from './simulation';

/** The board's size the params are tuned for (gaps and corners scale with the board). */
const DESIGN_BOARD = 640;
/** Space around the board (CSS px); the board is never drawn larger than this. */
const MARGIN = 10;
const MAX_BOARD = 720;
const CURSOR = 0xf5c542;
/** A frame's tile is this share of its cell (the rest is its shadow and lip): drawn a little
 * larger, the tile itself fills its place on the board. */
const TILE_IN_CELL = 0.92;
/** The gem and the mine, as a share of the tile. */
const ICON = 0.86;
/** An outcome not picked (shown at the end) is dimmed to this. */
const DIM = 0.35;

interface TileSprite {
  root: Container;
  /** The tile itself: raised (lit under the pointer or cursor) or opened. */
  body: Sprite;
  /** The gem or mine on an opened tile. */
  icon: Sprite;
  cursor: Graphics;
  drawn: string;
}

/** The 5 x 5 board: tap or click a tile, or move with the arrows and reveal with Enter/Space. */
class MinesView extends GameView<MinesSimulation> {
  private readonly tiles: TileSprite[] = [];
  private hover = -1;
  /** The board square in CSS px: centre and side. */
  private board = { cx: DESIGN_BOARD / 2, cy: DESIGN_BOARD / 2, size: DESIGN_BOARD };
  private gap: number = minesParams.tileGap.value;
  private lift: number = minesParams.hoverLift.value;
  private frames!: Record<MinesFrame, Texture>;
  /** The cursor's ring, one drawing every tile shares (drawn again only by a layout). */
  private readonly cursorRing = new GraphicsContext();
  private readonly api: MinesSceneApi = {
    configure: (board) => this.sim.setBoard(board),
    cursor: () => this.sim.cursor,
  };

  create(ctx: SceneContext): void {
    const sheet = ctx.engine.assets.sheet(MINES_ART);
    const frame = (name: MinesFrame) => sheet.textures[name]!;
    this.frames = {
      tile: frame('tile'),
      tileLit: frame('tileLit'),
      open: frame('open'),
      openHit: frame('openHit'),
      gem: frame('gem'),
      mine: frame('mine'),
    };
    const board = new Container({ label: 'mines-board' });
    for (let i = 0; i < MINES.tiles; i++) {
      const root = new Container({ label: `tile-${i}` });
      const body = new Sprite({ texture: this.frames.tile, anchor: 0.5 });
      const icon = new Sprite({ texture: this.frames.gem, anchor: 0.5, alpha: 0 });
      const cursor = new Graphics({ context: this.cursorRing, visible: false });
      root.addChild(body, icon, cursor);
      root.eventMode = 'static';
      root.cursor = 'pointer';
      root.on('pointertap', () => {
        this.sim.cursor = i;
        minesChannel.emit('tile', i);
      });
      root.on('pointerover', () => (this.hover = i));
      root.on('pointerout', () => this.hover === i && (this.hover = -1));
      board.addChild(root);
      this.tiles.push({ root, body, icon, cursor, drawn: '' });
    }
    ctx.root.addChild(board);
    this.placeTiles();
  }

  /** The largest square board that fits the canvas, centred. */
  layout(space: LayoutSpace): void {
    const size = Math.max(
      40,
      Math.min(MAX_BOARD, space.width - 2 * MARGIN, space.height - 2 * MARGIN),
    );
    this.board = { cx: space.width / 2, cy: space.height / 2, size };
    this.placeTiles();
  }

  describeLayout(): LayoutReport {
    const { cx, cy, size } = this.board;
    return {
      board: { x: cx - size / 2, y: cy - size / 2, width: size, height: size },
      tile: this.tileSize,
    };
  }

  show(): void {
    this.tiles.forEach((t) => (t.drawn = ''));
    minesChannel.attach(this.api);
  }

  render(): void {
    this.sim.tiles.forEach((state, i) => {
      const sprite = this.tiles[i]!;
      const flip = state.flip;
      const face: TileFace = flip < 0.5 ? 'hidden' : state.face;
      const hovered = (this.hover === i || this.sim.cursor === i) && face === 'hidden';
      sprite.root.scale.set(
        Math.max(0.02, Math.abs(1 - 2 * Math.min(1, flip))) * (hovered ? this.lift : 1),
        hovered ? this.lift : 1,
      );
      const key = `${face}:${hovered}:${this.sim.cursor === i}`;
      if (key !== sprite.drawn) {
        this.showTile(sprite, face, hovered, this.sim.cursor === i);
        sprite.drawn = key;
      }
    });
  }

  hide(): void {
    minesChannel.detach(this.api);
    this.hover = -1;
  }

  /** The arrows move the cursor here; pick and cash out go to the panel. */
  action(name: string, phase: ActionPhase): boolean {
    const step = cursorStep(name);
    if (!step) return minesChannel.action(name, phase);
    if (phase === 'down') {
      this.sim.move(step[0], step[1]);
      playGameSound('tick');
    }
    return true;
  }

  paramsChanged(values: ParamValues): void {
    const v = values as ParamValues<typeof minesParams>;
    this.gap = v.tileGap;
    this.lift = v.hoverLift;
    this.placeTiles();
  }

  /** CSS px per unit of the board the params are tuned for. */
  private get unit(): number {
    return this.board.size / DESIGN_BOARD;
  }

  private get gapPx(): number {
    return this.gap * this.unit;
  }

  private get tileSize(): number {
    return (this.board.size - 4 * this.gapPx) / 5;
  }

  private placeTiles(): void {
    const size = this.tileSize;
    const gap = this.gapPx;
    const left = this.board.cx - this.board.size / 2 + size / 2;
    const top = this.board.cy - this.board.size / 2 + size / 2;
    const inset = Math.max(2, 3 * this.unit);
    this.cursorRing
      .clear()
      .roundRect(
        -size / 2 + inset,
        -size / 2 + inset,
        size - 2 * inset,
        size - 2 * inset,
        10 * this.unit,
      )
      .stroke({ width: Math.max(2, 4 * this.unit), color: CURSOR });
    this.tiles.forEach((tile, i) => {
      tile.root.position.set(left + (i % 5) * (size + gap), top + Math.floor(i / 5) * (size + gap));
      tile.body.setSize(size / TILE_IN_CELL);
      // Drawn again (its icon sized, or concealed) at the next render.
      tile.drawn = '';
    });
  }

  /**
   * Swaps the tile's frames for its face; nothing is drawn again. A closed tile's icon is
   * transparent and of no size rather than hidden: switching `visible` rebuilt the board's draw
   * instructions in every frame of a staggered reveal (transparent.ts).
   */
  private showTile(tile: TileSprite, face: TileFace, hovered: boolean, cursor: boolean): void {
    const { frames } = this;
    const opened = face === 'mine' ? frames.openHit : frames.open;
    tile.body.texture = face === 'hidden' ? (hovered ? frames.tileLit : frames.tile) : opened;
    tile.cursor.visible = cursor;
    const gem = face === 'gem' || face === 'gem-unpicked';
    const mine = face === 'mine' || face === 'mine-unpicked';
    if (!gem && !mine) {
      conceal(tile.icon);
      return;
    }
    tile.icon.texture = gem ? frames.gem : frames.mine;
    tile.icon.setSize(this.tileSize * ICON);
    tile.icon.alpha = face === 'gem-unpicked' || face === 'mine-unpicked' ? DIM : 1;
  }
}

export default defineScene({
  params: minesParams,
  actions: BOARD_ACTIONS,
  simulation: (data, values) => new MinesSimulation(data, values),
  view: () => new MinesView(),
});
