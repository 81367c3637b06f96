import artUrl from '../../assets/generated/plinko-art.png?url';
import artData from '../../assets/generated/plinko-art.json';
import { artSheetBundle } from '../shared/scene/artSheet';

/** The peg and the ball (games/plinko/art.ts, scripts/assets/game-art.ts). */
export const PLINKO_ART = 'plinko-art';

export const plinkoArtBundle = artSheetBundle('plinko', PLINKO_ART, artUrl, artData);
