import { Container, Graphics } from 'pixi.js';
import type {
  ActionPhase,
  GameScene,
  ParamValues,
  SceneContext,
  SceneView,
} from '../../engine/index';
import { GAME_SOUNDS, playGameSound } from '../shared/sounds';
import type { TileFace } from './board';
import { minesChannel, type MinesSceneApi } from './channel';
import { minesParams } from './params';
import { MINES } from './rules';
import { MinesSimulation } from './simulation';

const BOARD = { size: 640, cx: 640, cy: 360 };
const COLORS = {
  hidden: 0x2f4553,
  hover: 0x557086,
  open: 0x071824,
  gem: 0x2fd67b,
  mine: 0xe8485c,
  cursor: 0xf5c542,
};

interface TileSprite {
  root: Container;
  body: Graphics;
  drawn: string;
}

/** The 5 x 5 board: tap or click a tile, or move with the arrows and reveal with Enter/Space. */
class MinesView implements SceneView<unknown, MinesSimulation, SceneContext> {
  private sim!: MinesSimulation;
  private readonly tiles: TileSprite[] = [];
  private hover = -1;
  private gap: number = minesParams.tileGap.value;
  private lift: number = minesParams.hoverLift.value;
  private readonly api: MinesSceneApi = {
    setBoard: (board) => this.sim.setBoard(board),
    cursor: () => this.sim.cursor,
  };

  init(_data: unknown, sim: MinesSimulation): void {
    this.sim = sim;
  }

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
    this.layout();
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

  action(name: string, phase: ActionPhase): void {
    if (phase !== 'down') return;
    const moves: Record<string, [number, number]> = {
      left: [-1, 0],
      right: [1, 0],
      up: [0, -1],
      down: [0, 1],
    };
    const move = moves[name];
    if (move) {
      this.sim.move(move[0], move[1]);
      playGameSound('tick');
    }
  }

  paramsChanged(values: ParamValues): void {
    const v = values as ParamValues<typeof minesParams>;
    this.gap = v.tileGap;
    this.lift = v.hoverLift;
    this.layout();
  }

  private get tileSize(): number {
    return (BOARD.size - 4 * this.gap) / 5;
  }

  private layout(): void {
    const size = this.tileSize;
    const left = BOARD.cx - BOARD.size / 2 + size / 2;
    const top = BOARD.cy - BOARD.size / 2 + size / 2;
    this.tiles.forEach((tile, i) => {
      tile.root.position.set(
        left + (i % 5) * (size + this.gap),
        top + Math.floor(i / 5) * (size + this.gap),
      );
      tile.drawn = '';
    });
  }

  private drawTile(g: Graphics, face: TileFace, hovered: boolean, cursor: boolean): void {
    const s = this.tileSize;
    const h = s / 2;
    const dim = face === 'gem-unpicked' || face === 'mine-unpicked';
    g.clear();
    g.roundRect(-h, -h, s, s, 12).fill(
      face === 'hidden' ? (hovered ? COLORS.hover : COLORS.hidden) : COLORS.open,
    );
    if (cursor)
      g.roundRect(-h + 3, -h + 3, s - 6, s - 6, 10).stroke({ width: 4, color: COLORS.cursor });
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
          .stroke({ width: 5, color: COLORS.mine, alpha });
      }
    }
  }
}

export const minesScene: GameScene<unknown, MinesSimulation, typeof minesParams> = {
  id: 'mines',
  bundles: [GAME_SOUNDS],
  params: minesParams,
  actions: [
    { name: 'left', keys: ['ArrowLeft'] },
    { name: 'right', keys: ['ArrowRight'] },
    { name: 'up', keys: ['ArrowUp'] },
    { name: 'down', keys: ['ArrowDown'] },
  ],
  simulation: (data, values) => new MinesSimulation(data, values),
  view: () => new MinesView(),
};
