import { SceneChannel } from '../shared/scene/SceneChannel';
import type { GemMinerBoard } from './board';

/** What the Gem Miner panel asks of the shown scene. */
export interface GemMinerSceneApi {
  /** Shows the panel's board (digging, revealing what changed). */
  configure(board: GemMinerBoard): void;
  /** The tile under the keyboard cursor (the arrow keys move it). */
  cursor(): number;
  /** A dig was sent for this tile: the miner swings until the answer's board comes. */
  digging(tile: number, level: number): void;
}

/** What the scene reports: a tile tapped or clicked (or picked by key) on a level. */
export interface GemMinerSceneEvents {
  tile: (tile: number, level: number) => void;
}

export const gemMinerChannel = new SceneChannel<GemMinerSceneApi, GemMinerSceneEvents>();
