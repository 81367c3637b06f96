import { describe, expect, it } from 'vitest';
import { chooseRenderer } from '../../../engine/core/rendererChoice';

const software = () => true;
const hardware = () => false;
const unasked = () => {
  throw new Error('the WebGL probe ran although the renderer was already decided');
};

describe('chooseRenderer', () => {
  it("'auto' draws with WebGL on a GPU and with Canvas 2D where WebGL runs on the CPU", () => {
    expect(chooseRenderer('auto', '', hardware)).toBe('webgl');
    expect(chooseRenderer('auto', '', software)).toBe('canvas');
  });

  it('an engine option that names a renderer is used without probing', () => {
    expect(chooseRenderer('webgl', '', unasked)).toBe('webgl');
    expect(chooseRenderer('canvas', '?test', unasked)).toBe('canvas');
  });

  it('?renderer= in the address wins over the option and the probe; other values are ignored', () => {
    expect(chooseRenderer('auto', '?test&renderer=webgl', unasked)).toBe('webgl');
    expect(chooseRenderer('webgl', '?renderer=canvas', unasked)).toBe('canvas');
    expect(chooseRenderer('auto', '?renderer=webgpu', software)).toBe('canvas');
    expect(chooseRenderer('webgl', '?renderer=', unasked)).toBe('webgl');
  });
});
