import { SceneChannel } from '../shared/scene/SceneChannel';
import type { MinesBoard } from './board';

export interface MinesSceneApi {
  /** Shows the panel's board (flipping the tiles that changed). */
  configure(board: MinesBoard): void;
  /** The tile under the keyboard cursor (the arrow keys move it). */
  cursor(): number;
}

/** What the scene reports: a tile tapped or clicked. */
export interface MinesSceneEvents {
  tile: (tile: number) => void;
}

export const minesChannel = new SceneChannel<MinesSceneApi, MinesSceneEvents>();
