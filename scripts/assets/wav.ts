// WAV (PCM 16-bit mono) writing and a few synthesised effects for sound sprites.

export const SAMPLE_RATE = 16000;

/** A mono PCM16 WAV file from samples in -1..1. */
export function encodeWav(samples: Float32Array, sampleRate = SAMPLE_RATE): Buffer {
  const data = Buffer.alloc(samples.length * 2);
  samples.forEach((s, i) =>
    data.writeInt16LE(Math.round(Math.max(-1, Math.min(1, s)) * 32767), i * 2),
  );
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16); // fmt chunk size
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28); // byte rate
  header.writeUInt16LE(2, 32); // block align
  header.writeUInt16LE(16, 34); // bits per sample
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

export interface Tone {
  /** Start and end frequency in Hz (a glide when they differ). */
  from: number;
  to: number;
  seconds: number;
  /** 'square' sounds chippy, 'sine' soft, 'noise' a click or a crash. */
  wave: 'sine' | 'square' | 'noise';
  volume?: number;
}

/** Synthesises a tone with a short attack and exponential decay; `seed` makes noise repeatable. */
export function synth(tone: Tone, seed = 1): Float32Array {
  const n = Math.round(tone.seconds * SAMPLE_RATE);
  const out = new Float32Array(n);
  let phase = 0;
  let state = seed >>> 0;
  const volume = tone.volume ?? 0.5;
  for (let i = 0; i < n; i++) {
    const t = i / n;
    const freq = tone.from + (tone.to - tone.from) * t;
    phase += (2 * Math.PI * freq) / SAMPLE_RATE;
    let s: number;
    if (tone.wave === 'noise') {
      state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
      s = state / 2147483648 - 1;
    } else {
      s = Math.sin(phase);
      if (tone.wave === 'square') s = s >= 0 ? 0.6 : -0.6;
    }
    const attack = Math.min(1, i / (SAMPLE_RATE * 0.004));
    out[i] = s * volume * attack * Math.exp(-4 * t);
  }
  return out;
}

/** Joins clips with a gap of silence; returns the samples and each clip's [offsetMs, durationMs]. */
export function soundSprite(
  clips: Record<string, Float32Array>,
  gapSeconds = 0.05,
): { samples: Float32Array; sprite: Record<string, [number, number]> } {
  const gap = Math.round(gapSeconds * SAMPLE_RATE);
  const total = Object.values(clips).reduce((sum, c) => sum + c.length + gap, 0);
  const samples = new Float32Array(total);
  const sprite: Record<string, [number, number]> = {};
  let at = 0;
  for (const [name, clip] of Object.entries(clips)) {
    samples.set(clip, at);
    sprite[name] = [
      Math.round((at / SAMPLE_RATE) * 1000),
      Math.round((clip.length / SAMPLE_RATE) * 1000),
    ];
    at += clip.length + gap;
  }
  return { samples, sprite };
}
