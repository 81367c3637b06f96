import artUrl from '../../assets/generated/mines-art.png?url';
import artData from '../../assets/generated/mines-art.json';
import { artSheetBundle } from '../shared/scene/artSheet';

/** The board's tiles, gem and mine (games/mines/art.ts, scripts/assets/game-art.ts). */
export const MINES_ART = 'mines-art';
export type MinesFrame = keyof typeof artData.frames;

export const minesArtBundle = artSheetBundle('mines', MINES_ART, artUrl, artData);
