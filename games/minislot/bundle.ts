import artUrl from '../../assets/generated/minislot-art.png?url';
import artData from '../../assets/generated/minislot-art.json';
import { artSheetBundle } from '../shared/scene/artSheet';
import sfxUrl from '../../assets/generated/minislot-sfx.wav?url';
import sfxData from '../../assets/generated/minislot-sfx.json';
import type { AssetBundle } from '../../engine/index';
import { soundSpriteAsset } from '../shared/scene/sounds';

/** The mini slot's symbols and sounds (games/minislot/art.ts, scripts/assets/game-art.ts). */
export const MINISLOT_ART = 'minislot-art';
export const MINISLOT_SFX = 'minislot-sfx';
export type MinislotSound = keyof typeof sfxData.sprite;
/** The spritesheet's image, for the pay table's icons in the panel. */
export const minislotArtUrl = artUrl;
/** The frames in the sheet's order (one row of cells). */
export const MINISLOT_FRAMES = Object.keys(artData.frames);

export const minislotArtBundle = artSheetBundle('minislot', MINISLOT_ART, artUrl, artData);

export const minislotSoundsBundle: AssetBundle = {
  name: 'minislot-sounds',
  assets: [soundSpriteAsset(MINISLOT_SFX, sfxUrl, sfxData)],
};
