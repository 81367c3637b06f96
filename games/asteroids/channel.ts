import { SceneChannel } from '../shared/scene/SceneChannel';

/** What the Asteroids panel asks of the shown scene. */
export interface AsteroidsSceneApi {
  /**
   * Starts a round with the server's gems (the order they come out in); resolves with the gems
   * revealed once every one is out (shot, "Reveal all" or the 60 s clock).
   */
  play(gems: readonly number[]): Promise<number[]>;
  /** Breaks every rock left: the remaining gems come out at once. */
  revealAll(): void;
}

export const asteroidsChannel = new SceneChannel<AsteroidsSceneApi>();
