import { SceneChannel } from '../shared/SceneChannel';
import type { LiveRoundScene } from '../shared/useLiveRound';

/** How many past crash points the scene's strip shows. */
export const RECENT_CRASHES = 8;

/** The panel's config for the scene: the player's recent crash points, newest first. */
export interface MinerFrenzySceneConfig {
  recent: readonly number[];
}

/** What the Miner Frenzy panel asks of the shown scene: a live round's drawing, the strip. */
export interface MinerFrenzySceneApi extends LiveRoundScene {
  configure(config: MinerFrenzySceneConfig): void;
}

/** What the scene tells the panel: the player came back (tab shown): resync with the server. */
export interface MinerFrenzySceneEvents {
  resumed(): void;
}

export const minerFrenzyChannel = new SceneChannel<MinerFrenzySceneApi, MinerFrenzySceneEvents>();
