import { SceneChannel } from '../shared/scene/SceneChannel';
import type { TableBet } from './selection';
import type { TableSpot } from './table';

/** The felt's words, in the player's language (numbers and 2:1 need none). */
export interface RouletteTableLabels {
  dozens: readonly [string, string, string];
  low: string;
  high: string;
  even: string;
  odd: string;
  /** Captions of the readouts in the table's corners: the chips' total and the chip a tap places. */
  total: string;
  chip: string;
}

/** What the panel shows on the table: its chips (the panel holds the one list) and their state. */
export interface RouletteSceneConfig {
  bets: readonly TableBet[];
  /** The chip a tap places (cents); 0 while the chip field holds nothing that can be bet. */
  chipCents: number;
  /** A spin runs (or auto-bet): the table takes no taps, drags or long presses. */
  locked: boolean;
  /** The chips cannot be spun as they are (over the balance or the table limit). */
  over: boolean;
  labels: RouletteTableLabels;
}

export interface RouletteSceneApi {
  configure(config: RouletteSceneConfig): void;
  /** Spins the wheel; resolves with the pocket the ball rests in (the server's pocket). */
  spin(pocket: number): Promise<number>;
}

/** What the table reports to the panel, which changes its list of bets. */
export interface RouletteSceneEvents {
  /** A tap (or Enter on the keyboard cursor): one chip on the spot. */
  place(spot: TableSpot): void;
  /** A stack dragged from one spot to another. */
  move(from: TableSpot, to: TableSpot): void;
  /** A long press (or Delete on the keyboard cursor): the spot's chips back. */
  remove(spot: TableSpot): void;
  /** The keyboard cursor moved to a spot. */
  cursor(spot: TableSpot): void;
}

export const rouletteChannel = new SceneChannel<RouletteSceneApi, RouletteSceneEvents>();
