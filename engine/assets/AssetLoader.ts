import { Assets, Spritesheet, Texture } from 'pixi.js';
import type { SoundManager } from '../sound/SoundManager';
import { BundleManifest, type AssetBundle } from './manifest';

/** Loads manifest bundles through Pixi's Assets, with progress; builds spritesheets and sounds. */
export class AssetLoader {
  readonly manifest = new BundleManifest();
  private readonly registered = new Set<string>();
  private readonly loaded = new Set<string>();
  private readonly sheets = new Map<string, Spritesheet>();

  constructor(private readonly sound: SoundManager) {}

  add(bundle: AssetBundle): void {
    this.manifest.add(bundle);
  }

  isLoaded(name: string): boolean {
    return this.loaded.has(name);
  }

  /** Loads bundles (images through Pixi, then sheets parsed); progress goes 0..1 across all of them. */
  async load(names: readonly string[], onProgress?: (progress: number) => void): Promise<void> {
    const pending = names.filter((name) => !this.loaded.has(name));
    if (!pending.length) {
      onProgress?.(1);
      return;
    }
    pending.forEach((name) => this.registerWithPixi(name));
    await Assets.loadBundle(pending, (progress) => onProgress?.(progress));
    for (const name of pending) await this.finish(this.manifest.get(name));
    onProgress?.(1);
  }

  /** Starts loading bundles a scene will likely need next, without blocking anything. */
  background(names: readonly string[]): void {
    const pending = names.filter((name) => this.manifest.has(name) && !this.loaded.has(name));
    if (!pending.length) return;
    pending.forEach((name) => this.registerWithPixi(name));
    void Assets.backgroundLoadBundle(pending).catch(() => undefined);
  }

  texture(alias: string): Texture {
    return Assets.get<Texture>(alias) ?? Texture.EMPTY;
  }

  sheet(alias: string): Spritesheet {
    const sheet = this.sheets.get(alias);
    if (!sheet) throw new Error(`spritesheet '${alias}' is not loaded`);
    return sheet;
  }

  private registerWithPixi(name: string): void {
    if (this.registered.has(name)) return;
    const assets = this.manifest
      .get(name)
      .assets.flatMap((asset) =>
        asset.kind === 'texture'
          ? [{ alias: asset.alias, src: asset.src }]
          : asset.kind === 'spritesheet'
            ? [{ alias: `${asset.alias}:image`, src: asset.image }]
            : [],
      );
    Assets.addBundle(name, assets);
    this.registered.add(name);
  }

  private async finish(bundle: AssetBundle): Promise<void> {
    for (const asset of bundle.assets) {
      if (asset.kind === 'spritesheet' && !this.sheets.has(asset.alias)) {
        const sheet = new Spritesheet(Assets.get<Texture>(`${asset.alias}:image`), asset.data);
        await sheet.parse();
        this.sheets.set(asset.alias, sheet);
      } else if (asset.kind === 'sound') {
        this.sound.define(asset.alias, asset.sound);
      }
    }
    this.loaded.add(bundle.name);
  }
}
