import type { SpritesheetData } from 'pixi.js';
import type { AssetBundle } from '../../../engine/index';

/**
 * A game's baked sprite sheet (`games/<id>/art.ts`, written by scripts/assets/game-art.ts) as the
 * bundle its scene loads: `url` the sheet's image, `data` its JSON, `alias` what the scene asks
 * `engine.assets.sheet()` for.
 */
export function artSheetBundle(
  name: string,
  alias: string,
  url: string,
  data: { frames: object; meta: object },
): AssetBundle {
  return {
    name,
    assets: [{ kind: 'spritesheet', alias, image: url, data: data as SpritesheetData }],
  };
}
