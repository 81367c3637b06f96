import { SceneChannel } from '../shared/scene/SceneChannel';
import type { PlinkoRisk } from './rules';

/** The panel's board: rows and risk. */
export interface PlinkoSceneConfig {
  rows: number;
  risk: PlinkoRisk;
}

export interface PlinkoSceneApi {
  /**
   * Drops a ball along the server's path ('L'/'R' per row); resolves with the server's bucket
   * when the ball lands in it. An instant drop (instant mode) lands at the next step, unflown.
   */
  drop(path: string, bucket: number, instant?: boolean): Promise<number>;
  /** Changes rows and risk; ignored while balls are in flight (the panel locks them then). */
  configure(config: PlinkoSceneConfig): void;
  /** Balls in flight now (rows and risk are locked while above 0). */
  inFlight(): number;
}

/** What the scene reports: the number of balls in flight changed (the panel locks rows/risk). */
export interface PlinkoSceneEvents {
  inFlight: (count: number) => void;
}

export const plinkoChannel = new SceneChannel<PlinkoSceneApi, PlinkoSceneEvents>();
