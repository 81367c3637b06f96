import { createLayerStore } from '../shared/scene/layerStore';
import { SceneChannel } from '../shared/scene/SceneChannel';
import type { LiveRoundScene, LiveSceneEvents } from '../shared/round/useLiveRound';

/** How many past crash points the scene's strip shows. */
export const RECENT_CRASHES = 8;

/** An ended round in the strip. */
export interface MinerFrenzyCrash {
  betId: number;
  crashPoint: number;
}

export interface MinerFrenzyState {
  /** The multiplier shown, in hundredths (100 = 1.00x). */
  hundredths: number;
  /** How the shown round ended; null while it runs (or before any). */
  outcome: 'cashedOut' | 'crashed' | null;
  /** Newest first, at most RECENT_CRASHES. */
  recent: readonly MinerFrenzyCrash[];
}

/**
 * What the scene's React layer (overlay.tsx) draws, shared by the panel and the scene: the panel
 * sets the strip (the player's last rounds, then each one as it ends), the scene sets the
 * multiplier it shows and how the round ended. Setting an unchanged value notifies no one, so
 * the readout re-renders only when the hundredths change.
 */
export const minerFrenzyStore = createLayerStore<MinerFrenzyState>({
  hundredths: 100,
  outcome: null,
  recent: [],
});

/** What the Miner Frenzy panel asks of the shown scene: a live round's drawing. */
export type MinerFrenzySceneApi = LiveRoundScene;

export const minerFrenzyChannel = new SceneChannel<MinerFrenzySceneApi, LiveSceneEvents>();
