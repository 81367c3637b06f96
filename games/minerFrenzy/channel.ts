import { SceneChannel } from '../shared/SceneChannel';
import type { LiveRoundScene } from '../shared/useLiveRound';

/** What the Miner Frenzy panel asks of the shown scene: a live round's drawing. */
export type MinerFrenzySceneApi = LiveRoundScene;

/** What the scene tells the panel: the player came back (tab shown): resync with the server. */
export interface MinerFrenzySceneEvents {
  resumed(): void;
}

export const minerFrenzyChannel = new SceneChannel<MinerFrenzySceneApi, MinerFrenzySceneEvents>();
