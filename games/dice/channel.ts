import { SceneChannel } from '../shared/SceneChannel';
import type { DiceCondition } from './rules';

/** What the dice panel asks of the shown scene. */
export interface DiceSceneApi {
  /** The slider moved: redraw the winning range. */
  configure(target: number, condition: DiceCondition): void;
  /** Animates the marker to the server's roll; resolves when it rests there. */
  roll(roll: number, win: boolean): Promise<void>;
}

export const diceChannel = new SceneChannel<DiceSceneApi>();
