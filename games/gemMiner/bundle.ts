import artUrl from '../../assets/generated/gemMiner-art.png?url';
import artData from '../../assets/generated/gemMiner-art.json';
import { artSheetBundle } from '../shared/scene/artSheet';

/** The shaft's tiles (games/gemMiner/art.ts, scripts/assets/game-art.ts). */
export const GEMMINER_ART = 'gemMiner-art';

export const gemMinerArtBundle = artSheetBundle('gemMiner', GEMMINER_ART, artUrl, artData);
