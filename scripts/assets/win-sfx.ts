// `npx tsx scripts/assets/win-sfx.ts`: synthesises the win celebration's sounds, one sprite per
// game (games/<id>/game.ts) with a clip per tier ('win', 'big', 'huge': games/shared/celebration/
// tiers.ts), into assets/generated/win-sfx/<id>.wav, plus default.wav for a game made since the
// last run; win-sfx.json is the clips' places, the same in every file. Nothing is downloaded.
//
// Every game has a voice of its own (a root note and a timbre, chosen by its id: no two games
// share one); every tier a figure of its own: a two-note lift for a win, a rising arpeggio for a
// big win, a run up two octaves into a held chord with a shimmer for a huge one. 11 025 Hz mono
// keeps a game's file near 50 KB.
import fs from 'node:fs';
import path from 'node:path';
import { encodeWav } from './wav';

const RATE = 11_025;
const root = path.resolve(import.meta.dirname, '..', '..');
const outDir = path.join(root, 'assets', 'generated', 'win-sfx');

type Timbre = 'bell' | 'chip' | 'marimba' | 'brass';

interface Voice {
  /** The figure's first note, in Hz. */
  root: number;
  timbre: Timbre;
}

const ROOTS = [440, 493.88, 523.25, 587.33, 659.25, 698.46, 783.99]; // A4 B4 C5 D5 E5 F5 G5
const TIMBRES: readonly Timbre[] = ['chip', 'bell', 'marimba', 'brass'];
/** Every voice a game may get: a root and a timbre. */
const VOICES: readonly Voice[] = TIMBRES.flatMap((timbre) =>
  ROOTS.map((root) => ({ root, timbre })),
);

/**
 * Each game's voice, none shared: the one its id hashes to, or the next free one (games in
 * alphabetical order, so a new game moves no other game's voice unless it takes its place).
 * 'default' (a game made since the last run) keeps the first voice.
 */
function voicesOf(ids: readonly string[]): Map<string, Voice> {
  const taken = new Set<number>();
  const voices = new Map<string, Voice>();
  for (const id of ids) {
    let hash = 7;
    for (const char of id) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) >>> 0;
    let slot = hash % VOICES.length;
    while (taken.has(slot) && taken.size < VOICES.length) slot = (slot + 1) % VOICES.length;
    taken.add(slot);
    voices.set(id, VOICES[slot]!);
  }
  voices.set('default', VOICES[0]!);
  return voices;
}

/** One note of `timbre` at `freq` Hz, `seconds` long, with a quick attack and a decay. */
function note(freq: number, seconds: number, timbre: Timbre, volume: number): Float32Array {
  const n = Math.round(seconds * RATE);
  const out = new Float32Array(n);
  const decay = { bell: 3, chip: 2, marimba: 7, brass: 1.5 }[timbre];
  for (let i = 0; i < n; i++) {
    const t = i / RATE;
    const phase = 2 * Math.PI * freq * t;
    let s: number;
    switch (timbre) {
      case 'bell':
        s = Math.sin(phase) + 0.4 * Math.sin(2.76 * phase) + 0.2 * Math.sin(5.4 * phase);
        break;
      case 'chip':
        s = (Math.sin(phase) >= 0 ? 0.55 : -0.55) + 0.3 * Math.sin(phase);
        break;
      case 'marimba':
        s = Math.sin(phase) + 0.25 * Math.sin(4 * phase);
        break;
      case 'brass':
        s = Math.sin(phase) + 0.5 * Math.sin(2 * phase) + 0.3 * Math.sin(3 * phase);
        break;
    }
    const attack = Math.min(1, i / (RATE * 0.006));
    const release = Math.min(1, (n - i) / (RATE * 0.02));
    out[i] = (s * volume * attack * release * Math.exp((-decay * i) / n)) / 1.6;
  }
  return out;
}

/** Noise sparkles (a few short bright clicks), repeatable from `seed`. */
function shimmer(seconds: number, seed: number, volume: number): Float32Array {
  const n = Math.round(seconds * RATE);
  const out = new Float32Array(n);
  let state = seed >>> 0;
  const random = () => (state = (Math.imul(state, 1664525) + 1013904223) >>> 0) / 2 ** 32;
  for (let k = 0; k < 14; k++) {
    const start = Math.floor(random() * (n - RATE * 0.05));
    const freq = 2000 + random() * 1500;
    for (let i = 0; i < RATE * 0.04; i++) {
      const env = Math.exp(-i / (RATE * 0.008));
      out[start + i]! += Math.sin((2 * Math.PI * freq * i) / RATE) * env * volume;
    }
  }
  return out;
}

/** Mixes `clip` into `into` from `atSeconds`. */
function mix(into: Float32Array, clip: Float32Array, atSeconds: number): void {
  const at = Math.round(atSeconds * RATE);
  for (let i = 0; i < clip.length && at + i < into.length; i++) into[at + i]! += clip[i]!;
}

const semitones = (voice: Voice, steps: number) => voice.root * 2 ** (steps / 12);

/** The three tiers' figures in `voice`: longer, higher and fuller as the win grows. */
function tierClips(voice: Voice, seed: number): Record<'win' | 'big' | 'huge', Float32Array> {
  const win = new Float32Array(Math.round(0.34 * RATE));
  mix(win, note(semitones(voice, 0), 0.12, voice.timbre, 0.5), 0);
  mix(win, note(semitones(voice, 7), 0.22, voice.timbre, 0.5), 0.1);

  const big = new Float32Array(Math.round(0.62 * RATE));
  [0, 4, 7].forEach((step, k) =>
    mix(big, note(semitones(voice, step), 0.14, voice.timbre, 0.45), k * 0.09),
  );
  mix(big, note(semitones(voice, 12), 0.35, voice.timbre, 0.55), 0.27);

  const huge = new Float32Array(Math.round(1.2 * RATE));
  [0, 4, 7, 12, 16, 19].forEach((step, k) =>
    mix(huge, note(semitones(voice, step), 0.12, voice.timbre, 0.4), k * 0.07),
  );
  for (const step of [12, 16, 19, 24]) {
    mix(huge, note(semitones(voice, step), 0.75, voice.timbre, 0.28), 0.42);
  }
  mix(huge, shimmer(0.75, seed, 0.12), 0.42);
  for (const clip of [win, big, huge]) clip.forEach((s, i) => (clip[i] = Math.tanh(s)));
  return { win, big, huge };
}

/** The clips one after another with a gap; each clip's [offsetMs, durationMs]. */
function sprite(clips: Record<string, Float32Array>) {
  const gap = Math.round(0.05 * RATE);
  const samples = new Float32Array(
    Object.values(clips).reduce((sum, c) => sum + c.length + gap, 0),
  );
  const places: Record<string, [number, number]> = {};
  let at = 0;
  for (const [name, clip] of Object.entries(clips)) {
    samples.set(clip, at);
    places[name] = [Math.round((at / RATE) * 1000), Math.round((clip.length / RATE) * 1000)];
    at += clip.length + gap;
  }
  return { samples, places };
}

const games = fs
  .readdirSync(path.join(root, 'games'))
  .filter((id) => fs.existsSync(path.join(root, 'games', id, 'game.ts')))
  .sort();
fs.rmSync(outDir, { recursive: true, force: true });
fs.mkdirSync(outDir, { recursive: true });
let places: Record<string, [number, number]> = {};
const voices = voicesOf(games);
[...games, 'default'].forEach((id, n) => {
  const voice = voices.get(id)!;
  const made = sprite(tierClips(voice, 101 + n));
  places = made.places;
  fs.writeFileSync(path.join(outDir, `${id}.wav`), encodeWav(made.samples, RATE));
  console.log(`  ${id}: ${voice.timbre} from ${voice.root} Hz`);
});
fs.writeFileSync(
  path.join(outDir, 'win-sfx.json'),
  `${JSON.stringify({ sprite: places }, null, 2)}\n`,
);
console.log(`assets/generated/win-sfx/: ${games.length} games and default`);
