import { SceneChannel } from '../shared/SceneChannel';

export interface RouletteSceneApi {
  /** Spins the wheel; resolves with the pocket the ball rests in (the server's pocket). */
  spin(pocket: number): Promise<number>;
}

export const rouletteChannel = new SceneChannel<RouletteSceneApi>();
