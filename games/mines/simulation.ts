import type { ParamValues, Simulation } from '../../engine/headless/index';
import { EMPTY_BOARD, moveCursor, tileFaces, type MinesBoard, type TileFace } from './board';
import type { minesParams } from './params';
import { MINES } from './rules';

export interface MinesTile {
  face: TileFace;
  /** Flip progress 0..1 towards `face` (1 = shown); the delay staggers the end-of-game reveal. */
  flip: number;
  delay: number;
}

/** The board's state over time: faces, flip animations and the keyboard cursor. */
export class MinesSimulation implements Simulation<typeof minesParams> {
  board: MinesBoard = EMPTY_BOARD;
  cursor = 12;
  readonly tiles: MinesTile[] = Array.from({ length: MINES.tiles }, () => ({
    face: 'hidden' as TileFace,
    flip: 1,
    delay: 0,
  }));
  private values: ParamValues<typeof minesParams>;

  constructor(_data: unknown, values: ParamValues<typeof minesParams>) {
    this.values = { ...values };
  }

  /** Applies a board; tiles whose face changes flip (the rest of the board after the end, staggered). */
  setBoard(board: MinesBoard): void {
    this.board = board;
    const faces = tileFaces(board);
    let order = 0;
    faces.forEach((face, i) => {
      const tile = this.tiles[i]!;
      if (tile.face === face) return;
      const unpicked = face === 'gem-unpicked' || face === 'mine-unpicked';
      tile.face = face;
      tile.flip = 0;
      tile.delay = unpicked ? order++ * this.values.revealAllStagger : 0;
    });
  }

  /** Every tile shows its face (no flip in progress). */
  get settled(): boolean {
    return this.tiles.every((t) => t.flip >= 1);
  }

  move(dx: number, dy: number): void {
    this.cursor = moveCursor(this.cursor, dx, dy);
  }

  update(dt: number): void {
    const rate = dt / Math.max(0.01, this.values.flipSeconds);
    for (const tile of this.tiles) {
      if (tile.flip >= 1) continue;
      if (tile.delay > 0) {
        tile.delay = Math.max(0, tile.delay - dt);
        continue;
      }
      tile.flip = Math.min(1, tile.flip + rate);
    }
  }

  paramsChanged(values: ParamValues<typeof minesParams>): void {
    this.values = { ...values };
  }
}
