// The win celebration's sounds: a sprite per game with a clip per tier
// (scripts/assets/win-sfx.ts), registered with every game's sounds by defineGame.
import sprites from '../../../assets/generated/win-sfx/win-sfx.json';
import { getEngine, type AssetBundle } from '../../../engine/index';
import { soundSpriteAsset } from '../scene/sounds';
import type { WinTier } from './tiers';

const FOLDER = '../../../assets/generated/win-sfx/';
/** Every generated sprite's address, each in a chunk of its own (a game loads only its own). */
const urls = import.meta.glob<string>('../../../assets/generated/win-sfx/*.wav', {
  query: '?url',
  import: 'default',
});

/** Celebrations closer together than this play one sound (overlapping bets land together). */
const SOUND_EVERY_MS = 150;
let lastSoundAt = -Infinity;

const alias = (game: string) => `win-sfx-${game}`;

/** A game's win sounds as a bundle entry (a game made since the sounds were generated: default's). */
export async function winSoundsBundle(game: string): Promise<AssetBundle> {
  const load = urls[`${FOLDER}${game}.wav`] ?? urls[`${FOLDER}default.wav`];
  if (!load) throw new Error('assets/generated/win-sfx/ has no sounds: npm run assets');
  return { name: alias(game), assets: [soundSpriteAsset(alias(game), await load(), sprites)] };
}

/** The tier's sound of `game`, once per celebration (muted and volume settings apply). */
export function playWinSound(game: string, tier: WinTier): void {
  const now = performance.now();
  if (now - lastSoundAt < SOUND_EVERY_MS) return;
  lastSoundAt = now;
  getEngine().sound.play(alias(game), tier);
}
