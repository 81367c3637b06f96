import { Container, Graphics } from 'pixi.js';
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
import { TABLE_COLOURS } from '../shared/scene/tableColours';
import type { TileFace } from './board';
import { minesChannel, type MinesSceneApi } from './channel';
import { minesParams } from './params';
import { MINES } from './rules';
import { MinesSimulation } from './simulation';

/** The board's size the params are tuned for (gaps and corners scale with the board). */
const DESIGN_BOARD = 640;
/** Space around the board (CSS px); the board is never drawn larger than this. */
const MARGIN = 10;
const MAX_BOARD = 720;
const COLORS = {
  hidden: TABLE_COLOURS.tile,
  hover: TABLE_COLOURS.tileLit,
  open: TABLE_COLOURS.open,
  gem: TABLE_COLOURS.win,
  mine: TABLE_COLOURS.lose,
  cursor: 0xf5c542,
};

interface TileSprite {
  root: Container;
  body: Graphics;
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
  private readonly api: MinesSceneApi = {
    configure: (board) => this.sim.setBoard(board),
    cursor: () => this.sim.cursor,
  };

  create(ctx: SceneContext): void {
    const board = new Container({ label: 'mines-board' });
    for (let i = 0; i < MINES.tiles; i++) {
      const root = new Container({ label: `tile-${i}` });
      const body = new Graphics();
      root.addChild(body);
      root.eventMode = 'static';
      root.cursor = 'pointer';
      root.on('pointertap', () => {
        this.sim.cursor = i;
        minesChannel.emit('tile', i);
      });
      root.on('pointerover', () => (this.hover = i));
      root.on('pointerout', () => this.hover === i && (this.hover = -1));
      board.addChild(root);
      this.tiles.push({ root, body, drawn: '' });
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
        this.drawTile(sprite.body, face, hovered, this.sim.cursor === i);
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
    this.tiles.forEach((tile, i) => {
      tile.root.position.set(left + (i % 5) * (size + gap), top + Math.floor(i / 5) * (size + gap));
      tile.drawn = '';
    });
  }

  private drawTile(g: Graphics, face: TileFace, hovered: boolean, cursor: boolean): void {
    const s = this.tileSize;
    const h = s / 2;
    const u = this.unit;
    const dim = face === 'gem-unpicked' || face === 'mine-unpicked';
    g.clear();
    g.roundRect(-h, -h, s, s, 12 * u).fill(
      face === 'hidden' ? (hovered ? COLORS.hover : COLORS.hidden) : COLORS.open,
    );
    if (cursor) {
      const inset = Math.max(2, 3 * u);
      g.roundRect(-h + inset, -h + inset, s - 2 * inset, s - 2 * inset, 10 * u).stroke({
        width: Math.max(2, 4 * u),
        color: COLORS.cursor,
      });
    }
    const alpha = dim ? 0.35 : 1;
    if (face === 'gem' || face === 'gem-unpicked') {
      const r = s * 0.3;
      g.poly([0, -r, r * 0.85, -r * 0.2, 0, r, -r * 0.85, -r * 0.2]).fill({
        color: COLORS.gem,
        alpha,
      });
    } else if (face === 'mine' || face === 'mine-unpicked') {
      const r = s * 0.24;
      g.circle(0, 0, r).fill({ color: COLORS.mine, alpha });
      for (let k = 0; k < 8; k++) {
        const a = (k * Math.PI) / 4;
        g.moveTo(Math.cos(a) * r, Math.sin(a) * r)
          .lineTo(Math.cos(a) * r * 1.45, Math.sin(a) * r * 1.45)
          .stroke({ width: Math.max(2, 5 * u), color: COLORS.mine, alpha });
      }
    }
  }
}

export default defineScene({
  params: minesParams,
  actions: BOARD_ACTIONS,
  simulation: (data, values) => new MinesSimulation(data, values),
  view: () => new MinesView(),
});
