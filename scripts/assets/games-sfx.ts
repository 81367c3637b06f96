// `npx tsx scripts/assets/games-sfx.ts`: synthesises the table games' shared sound sprite into
// assets/generated/games-sfx.{wav,json}. Nothing is downloaded.
import fs from 'node:fs';
import path from 'node:path';
import { encodeWav, soundSprite, synth } from './wav';

const outDir = path.resolve(import.meta.dirname, '..', '..', 'assets', 'generated');

const { samples, sprite } = soundSprite({
  bet: synth({ from: 1400, to: 700, seconds: 0.08, wave: 'noise', volume: 0.35 }, 11),
  tick: synth({ from: 2400, to: 2000, seconds: 0.03, wave: 'square', volume: 0.2 }),
  reveal: synth({ from: 660, to: 990, seconds: 0.12, wave: 'sine', volume: 0.5 }),
  win: synth({ from: 520, to: 1560, seconds: 0.45, wave: 'square', volume: 0.3 }),
  lose: synth({ from: 320, to: 90, seconds: 0.4, wave: 'square', volume: 0.3 }),
  mine: synth({ from: 200, to: 40, seconds: 0.5, wave: 'noise', volume: 0.5 }, 29),
});

fs.mkdirSync(outDir, { recursive: true });
fs.writeFileSync(path.join(outDir, 'games-sfx.wav'), encodeWav(samples));
fs.writeFileSync(path.join(outDir, 'games-sfx.json'), `${JSON.stringify({ sprite }, null, 2)}\n`);
console.log('assets/generated/games-sfx.wav, games-sfx.json');
