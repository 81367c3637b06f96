import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { chooseRenderer, isSoftwareRendererName } from '../../../engine/core/rendererChoice';
import { forgetSoftwareWebGL, softwareWebGL } from '../../../engine/core/webglProbe';

const software = () => true;
const hardware = () => false;
const unasked = () => {
  throw new Error('the WebGL probe ran although the renderer was already decided');
};

describe('chooseRenderer', () => {
  it("'auto' draws with WebGL on a GPU and with Canvas 2D where WebGL runs on the CPU", async () => {
    expect(await chooseRenderer('auto', '', hardware)).toBe('webgl');
    expect(await chooseRenderer('auto', '', software)).toBe('canvas');
    expect(await chooseRenderer('auto', '', () => Promise.resolve(true))).toBe('canvas');
  });

  it('an engine option that names a renderer is used without probing', async () => {
    expect(await chooseRenderer('webgl', '', unasked)).toBe('webgl');
    expect(await chooseRenderer('canvas', '?test', unasked)).toBe('canvas');
  });

  it('?renderer= in the address wins over the option and the probe; other values are ignored', async () => {
    expect(await chooseRenderer('auto', '?test&renderer=webgl', unasked)).toBe('webgl');
    expect(await chooseRenderer('webgl', '?renderer=canvas', unasked)).toBe('canvas');
    expect(await chooseRenderer('auto', '?renderer=webgpu', software)).toBe('canvas');
    expect(await chooseRenderer('webgl', '?renderer=', unasked)).toBe('webgl');
  });

  it('names the CPU rasterisers as software', () => {
    for (const name of [
      'ANGLE (Google, Vulkan 1.3.0 (SwiftShader Device (Subzero) (0x0000C0DE)), SwiftShader driver)',
      'llvmpipe (LLVM 15.0.6, 256 bits)',
      'Microsoft Basic Render Driver',
    ])
      expect(isSoftwareRendererName(name)).toBe(true);
    for (const name of ['Apple GPU', 'Adreno (TM) 640', 'ANGLE (NVIDIA, GeForce RTX 3060)'])
      expect(isSoftwareRendererName(name)).toBe(false);
  });
});

describe('softwareWebGL', () => {
  const storage = new Map<string, string>();
  beforeEach(() => {
    storage.clear();
    forgetSoftwareWebGL();
    globalThis.localStorage = {
      getItem: (key: string) => storage.get(key) ?? null,
      setItem: (key: string, value: string) => void storage.set(key, value),
    } as Storage;
  });
  afterEach(() => {
    forgetSoftwareWebGL();
    delete (globalThis as { localStorage?: Storage }).localStorage;
  });

  const probes = (worker: string | null, main: string | null) => {
    const asked = { worker: 0, main: 0 };
    return {
      asked,
      probes: {
        inWorker: () => {
          asked.worker += 1;
          return Promise.resolve(worker);
        },
        onMainThread: () => {
          asked.main += 1;
          return main;
        },
      },
    };
  };

  it("asks the worker, not the page's thread, when the worker answers; once per page", async () => {
    const { asked, probes: p } = probes('SwiftShader Device', 'Apple GPU');
    expect(await softwareWebGL(p)).toBe(true);
    expect(await softwareWebGL(p)).toBe(true);
    expect(asked).toEqual({ worker: 1, main: 0 });
  });

  it('asks on the main thread where a worker has no WebGL', async () => {
    const { asked, probes: p } = probes(null, 'llvmpipe (LLVM 15.0.6)');
    expect(await softwareWebGL(p)).toBe(true);
    expect(asked).toEqual({ worker: 1, main: 1 });
  });

  it('remembers the answer for the next visit of the same browser version, not another', async () => {
    await softwareWebGL(probes('SwiftShader Device', null).probes);
    forgetSoftwareWebGL();
    const again = probes('Adreno (TM) 640', null);
    expect(await softwareWebGL(again.probes)).toBe(true);
    expect(again.asked.worker).toBe(0);

    const saved = JSON.parse(storage.get('casino.softwareWebGL')!) as { agent: string };
    storage.set('casino.softwareWebGL', JSON.stringify({ ...saved, agent: 'an older browser' }));
    forgetSoftwareWebGL();
    expect(await softwareWebGL(again.probes)).toBe(false);
    expect(again.asked.worker).toBe(1);
  });

  it('no WebGL at all is not software WebGL (Pixi falls back to Canvas 2D itself)', async () => {
    expect(await softwareWebGL(probes(null, null).probes)).toBe(false);
  });
});
