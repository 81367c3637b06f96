import { diceGame } from '../dice/index';
import { minesGame } from '../mines/index';
import { plinkoGame } from '../plinko/index';
import { rouletteGame } from '../roulette/index';
import type { GameManifest } from './manifest';

/** The games that have a scene and a panel, by id (the shell's game page mounts them). */
export const GAME_MANIFESTS: Readonly<Record<string, GameManifest>> = {
  [diceGame.id]: diceGame,
  [minesGame.id]: minesGame,
  [plinkoGame.id]: plinkoGame,
  [rouletteGame.id]: rouletteGame,
};
