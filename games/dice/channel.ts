import { SceneChannel } from '../shared/scene/SceneChannel';
import type { DiceCondition } from './rules';

/** The panel's settings the scene draws: the winning range. */
export interface DiceSceneConfig {
  target: number;
  condition: DiceCondition;
}

/** What the dice panel asks of the shown scene. */
export interface DiceSceneApi {
  /** The slider moved: redraw the winning range. */
  configure(config: DiceSceneConfig): void;
  /** Animates the marker to the server's roll; resolves when it rests there. */
  roll(roll: number, win: boolean): Promise<void>;
}

/** What the scene tells the panel: the player dragged (or tapped) the track to a target. */
export interface DiceSceneEvents {
  /** The target under the finger or pointer, 0..100 (the panel keeps it within its limits). */
  target(value: number): void;
}

export const diceChannel = new SceneChannel<DiceSceneApi, DiceSceneEvents>();
