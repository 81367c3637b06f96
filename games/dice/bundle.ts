import artUrl from '../../assets/generated/dice-art.png?url';
import artData from '../../assets/generated/dice-art.json';
import { artSheetBundle } from '../shared/scene/artSheet';

/** The track's range bar (games/dice/art.ts, scripts/assets/game-art.ts). */
export const DICE_ART = 'dice-art';

export const diceArtBundle = artSheetBundle('dice', DICE_ART, artUrl, artData);
