import artUrl from '../../assets/generated/roulette-art.png?url';
import artData from '../../assets/generated/roulette-art.json';
import { artSheetBundle } from '../shared/scene/artSheet';

/** The wheel's light, cone, shadow and ball, the chips and the felt (games/roulette/art.ts). */
export const ROULETTE_ART = 'roulette-art';
export type RouletteFrame = keyof typeof artData.frames;

export const rouletteArtBundle = artSheetBundle('roulette', ROULETTE_ART, artUrl, artData);
