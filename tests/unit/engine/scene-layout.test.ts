import { describe, expect, it } from 'vitest';
import { fitDesign, fitInto, layoutSpace, type Fit, type Size } from '../../../engine/core/fit';
import type { LayoutSpace } from '../../../engine/core/fit';
import { SceneManager, type SceneHost } from '../../../engine/core/SceneManager';
import type { SceneModule, SceneView, Simulation } from '../../../engine/core/scene';

interface Ctx {
  id: string;
  fit: Fit | null;
}

/** A host whose screen size the test sets; records where it places each scene's root. */
function host(screen: Size) {
  const current = { ...screen };
  const value: SceneHost<Ctx> = {
    createContext: (module) => ({ id: module.id, fit: null }),
    mount: () => undefined,
    unmount: () => undefined,
    dispose: () => undefined,
    loadBundles: async () => undefined,
    prefetch: () => undefined,
    setInputEnabled: () => undefined,
    designSize: () => ({ width: 1280, height: 720 }),
    screenSize: () => current,
    place: (ctx, fit) => (ctx.fit = fit),
  };
  return { host: value, resizeTo: (size: Size) => Object.assign(current, size) };
}

const sim = (): Simulation => ({ update: () => undefined });

/** A scene that lays itself out (logging each space and whether it was shown yet). */
function layoutScene(id: string, log: string[]) {
  const ctxs: Ctx[] = [];
  let shown = false;
  const module: SceneModule<unknown, Simulation, Ctx> = {
    id,
    simulation: sim,
    view: (): SceneView<unknown, Simulation, Ctx> => {
      let last: LayoutSpace | null = null;
      return {
        create: (ctx) => void ctxs.push(ctx),
        show: () => {
          shown = true;
          log.push('show');
        },
        hide: () => void (shown = false),
        layout: (space) => {
          last = space;
          log.push(
            `layout ${space.width}x${space.height}${space.portrait ? ' portrait' : ''}${shown ? '' : ' (before show)'}`,
          );
        },
        describeLayout: () => ({ width: last?.width ?? 0 }),
      };
    },
  };
  return { module, ctxs };
}

describe('layout spaces and fitting', () => {
  it('calls a space portrait only when it is taller than wide', () => {
    expect(layoutSpace(390, 468)).toEqual({ width: 390, height: 468, portrait: true });
    expect(layoutSpace(844, 250).portrait).toBe(false);
    expect(layoutSpace(500, 500).portrait).toBe(false);
  });

  it('fits a box with its own origin into an area, centred, at the largest uniform scale', () => {
    // A 100 x 50 box starting at (-50, -40), into 200 x 200 at (10, 20): scale 2, centred.
    const fit = fitInto(
      { x: -50, y: -40, width: 100, height: 50 },
      { x: 10, y: 20, width: 200, height: 200 },
    );
    expect(fit.scale).toBe(2);
    // The box's left edge lands on the area's left edge, its top 50 px down (centred).
    expect(fit.x + -50 * fit.scale).toBe(10);
    expect(fit.y + -40 * fit.scale).toBe(20 + 50);
    expect(fitDesign({ width: 1280, height: 1000 }, { width: 1280, height: 720 })).toEqual({
      scale: 1,
      x: 0,
      y: 140,
    });
    expect(fitInto({ width: 10, height: 10 }, { x: 5, y: 6, width: 0, height: 10 })).toEqual({
      scale: 1,
      x: 5,
      y: 6,
    });
  });
});

describe('a scene with layout()', () => {
  it('is laid out for the screen (root unscaled) before it shows, and again when the screen changes', async () => {
    const log: string[] = [];
    const { host: h, resizeTo } = host({ width: 390, height: 468 });
    const manager = new SceneManager(h);
    const { module, ctxs } = layoutScene('a', log);
    manager.register('a', module);

    await manager.show('a');
    expect(log).toEqual(['layout 390x468 portrait (before show)', 'show']);
    expect(ctxs[0]!.fit).toEqual({ scale: 1, x: 0, y: 0 });

    resizeTo({ width: 844, height: 250 });
    manager.resize();
    // The same size again (a render resolution change): nothing to lay out.
    manager.resize();
    expect(log.slice(2)).toEqual(['layout 844x250']);
    expect(manager.describeLayout()).toEqual({
      sceneId: 'a',
      space: { width: 844, height: 250, portrait: false },
      report: { width: 844 },
    });
  });

  it('is laid out again on its next visit, even at the same size', async () => {
    const log: string[] = [];
    const { host: h } = host({ width: 800, height: 600 });
    const manager = new SceneManager(h);
    manager.register('a', layoutScene('a', log).module);
    manager.register('b', layoutScene('b', []).module);
    await manager.show('a');
    await manager.show('b');
    await manager.show('a');
    expect(log.filter((entry) => entry.startsWith('layout'))).toEqual([
      'layout 800x600 (before show)',
      'layout 800x600 (before show)',
    ]);
  });

  it('leaves a scene without layout() letterboxed in the design size', async () => {
    const { host: h, resizeTo } = host({ width: 1920, height: 1200 });
    const manager = new SceneManager(h);
    const sizes: string[] = [];
    let root: Ctx | null = null;
    manager.register('legacy', {
      id: 'legacy',
      simulation: sim,
      view: () => ({
        create: (ctx: Ctx) => void (root = ctx),
        resize: (w: number, h: number) => void sizes.push(`${w}x${h}`),
      }),
    });
    await manager.show('legacy');
    expect(root!.fit).toEqual({ scale: 1.5, x: 0, y: 60 });
    resizeTo({ width: 640, height: 720 });
    manager.resize();
    expect(root!.fit).toEqual({ scale: 0.5, x: 0, y: 180 });
    expect(sizes).toEqual(['1280x720', '1280x720']);
    // No layout() hook: nothing to describe.
    expect(manager.describeLayout()).toBeNull();
  });
});
