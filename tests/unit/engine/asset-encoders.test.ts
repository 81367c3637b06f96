import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { crc32, encodePng } from '../../../scripts/assets/png';
import { Raster } from '../../../scripts/assets/raster';
import { encodeWav, SAMPLE_RATE, soundSprite, synth } from '../../../scripts/assets/wav';

describe('generated asset encoders', () => {
  it('computes the PNG CRC-32 (the IEND chunk has the well-known 0xAE426082)', () => {
    expect(crc32(new TextEncoder().encode('IEND'))).toBe(0xae426082);
  });

  it('encodes RGBA pixels as a PNG whose IDAT inflates back to the filtered scanlines', () => {
    const raster = new Raster(3, 2);
    raster.blend(0, 0, [255, 0, 0, 255], 1);
    raster.blend(2, 1, [0, 0, 255, 255], 1);
    const png = encodePng(3, 2, raster.pixels);
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(png.toString('ascii', 12, 16)).toBe('IHDR');
    expect(png.readUInt32BE(16)).toBe(3);
    expect(png.readUInt32BE(20)).toBe(2);
    const idatAt = png.indexOf('IDAT');
    const length = png.readUInt32BE(idatAt - 4);
    const raw = inflateSync(png.subarray(idatAt + 4, idatAt + 4 + length));
    expect(raw.length).toBe(2 * (1 + 3 * 4));
    expect([...raw.subarray(0, 5)]).toEqual([0, 255, 0, 0, 255]); // filter 0, then red
    expect([...raw.subarray(13 + 1 + 8, 13 + 1 + 12)]).toEqual([0, 0, 255, 255]);
    expect(() => encodePng(2, 2, new Uint8Array(3))).toThrow();
  });

  it('anti-aliases shapes: full coverage inside, none far outside', () => {
    const raster = new Raster(20, 20);
    raster.circle(10, 10, 5.7, [255, 255, 255, 255]);
    const alpha = (x: number, y: number) => raster.pixels[(y * 20 + x) * 4 + 3];
    expect(alpha(10, 10)).toBe(255);
    expect(alpha(0, 0)).toBe(0);
    const edge = alpha(15, 10)!; // centre 5.5 px out: 70% covered
    expect(edge).toBeGreaterThan(0);
    expect(edge).toBeLessThan(255);
  });

  it('writes a PCM16 mono WAV and lays out sound sprites in milliseconds', () => {
    const click = synth({ from: 1000, to: 500, seconds: 0.1, wave: 'noise' }, 1);
    expect(click).toEqual(synth({ from: 1000, to: 500, seconds: 0.1, wave: 'noise' }, 1));
    const { samples, sprite } = soundSprite({ a: click, b: new Float32Array(SAMPLE_RATE / 5) });
    expect(sprite).toEqual({ a: [0, 100], b: [150, 200] });
    const wav = encodeWav(samples);
    expect(wav.toString('ascii', 0, 4)).toBe('RIFF');
    expect(wav.toString('ascii', 8, 12)).toBe('WAVE');
    expect(wav.readUInt16LE(22)).toBe(1); // mono
    expect(wav.readUInt32LE(24)).toBe(SAMPLE_RATE);
    expect(wav.readUInt16LE(34)).toBe(16);
    expect(wav.readUInt32LE(40)).toBe(samples.length * 2);
    expect(wav.length).toBe(44 + samples.length * 2);
  });
});
