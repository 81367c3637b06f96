import type { SpritesheetData } from 'pixi.js';
import type { SoundSpriteDefinition } from '../sound/SoundManager';

/** A raster image loaded as one texture. */
export interface TextureAsset {
  kind: 'texture';
  alias: string;
  src: string;
}

/** A spritesheet: the packed PNG's URL and its frame data (imported JSON, so the URL can be hashed). */
export interface SpritesheetAsset {
  kind: 'spritesheet';
  alias: string;
  image: string;
  data: SpritesheetData;
}

/** A howler sound sprite; the files download when the bundle loads (howler preloads). */
export interface SoundAsset {
  kind: 'sound';
  alias: string;
  sound: SoundSpriteDefinition;
}

export type AssetEntry = TextureAsset | SpritesheetAsset | SoundAsset;

/** A named group of assets a scene needs before create() (its `bundles`). */
export interface AssetBundle {
  name: string;
  assets: readonly AssetEntry[];
}

/** The manifest: every bundle the app knows, registered by the engine and by game scenes. */
export class BundleManifest {
  private readonly bundles = new Map<string, AssetBundle>();

  add(bundle: AssetBundle): void {
    const known = this.bundles.get(bundle.name);
    if (known && known !== bundle)
      throw new Error(`asset bundle '${bundle.name}' registered twice`);
    this.bundles.set(bundle.name, bundle);
  }

  get(name: string): AssetBundle {
    const bundle = this.bundles.get(name);
    if (!bundle) throw new Error(`unknown asset bundle '${name}'`);
    return bundle;
  }

  has(name: string): boolean {
    return this.bundles.has(name);
  }

  names(): string[] {
    return [...this.bundles.keys()];
  }
}
