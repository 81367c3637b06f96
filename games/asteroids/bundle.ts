import artUrl from '../../assets/generated/asteroids-art.png?url';
import artData from '../../assets/generated/asteroids-art.json';
import { artSheetBundle } from '../shared/scene/artSheet';

/** The rocks, the ship, its flame, the dot and the haze (games/asteroids/art.ts). */
export const ASTEROIDS_ART = 'asteroids-art';
export type AsteroidsFrame = keyof typeof artData.frames;

export const asteroidsArtBundle = artSheetBundle('asteroids', ASTEROIDS_ART, artUrl, artData);
