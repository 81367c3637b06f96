import { SceneChannel } from '../shared/scene/SceneChannel';
import type { SlotSymbol } from './rules';

/** A spin as the scene shows it: the server's stops, the line, the win and its amount. */
export interface ShownSpin {
  stops: number[];
  line: SlotSymbol[];
  win: string | null;
  /** The payout, formatted for the win banner ('' when nothing is paid). */
  payoutText: string;
  /** A win of 25x the stake or more: the big-win sound and a longer glow. */
  big: boolean;
}

/** What the mini slot panel asks of the shown scene. */
export interface MinislotSceneApi {
  configure(config: { turbo: boolean }): void;
  /** Spins the reels onto the server's stops; resolves when the last reel rests. */
  spin(spin: ShownSpin): Promise<void>;
  /** Stops the reels at once (a tap on the reels does the same). */
  skip(): void;
}

export const minislotChannel = new SceneChannel<MinislotSceneApi>();
