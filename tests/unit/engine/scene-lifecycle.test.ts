import { describe, expect, it, vi } from 'vitest';
import { SceneManager, type SceneHost } from '../../../engine/core/SceneManager';
import type { SceneModule, SceneView, Simulation } from '../../../engine/core/scene';
import { defineParams } from '../../../engine/params/params';

interface FakeCtx {
  id: string;
  mounted: boolean;
  disposed: boolean;
}

/** A host without Pixi: records what the manager asks of the stage, assets and input. */
function fakeHost(log: string[]) {
  const input: boolean[] = [];
  let pendingLoad: (() => void) | null = null;
  let holdLoads = false;
  const host: SceneHost<FakeCtx> = {
    createContext: (module) => ({ id: module.id, mounted: false, disposed: false }),
    mount: (ctx) => {
      ctx.mounted = true;
      log.push(`mount:${ctx.id}`);
    },
    unmount: (ctx) => {
      ctx.mounted = false;
      log.push(`unmount:${ctx.id}`);
    },
    dispose: (ctx) => {
      ctx.disposed = true;
      log.push(`dispose:${ctx.id}`);
    },
    loadBundles: async (bundles, onProgress) => {
      log.push(`load:${bundles.join('+')}`);
      onProgress(0.5);
      if (holdLoads) await new Promise<void>((resolve) => (pendingLoad = resolve));
    },
    prefetch: (bundles) => log.push(`prefetch:${bundles.join('+')}`),
    setInputEnabled: (enabled) => input.push(enabled),
    designSize: () => ({ width: 800, height: 600 }),
  };
  return {
    host,
    input,
    holdLoads: (hold: boolean) => (holdLoads = hold),
    releaseLoad: () => pendingLoad?.(),
  };
}

const params = defineParams({ speed: { value: 2, min: 0, max: 10, step: 0.5 } });

class CounterSim implements Simulation {
  steps = 0;
  speed: number;
  constructor(
    readonly data: unknown,
    values: { speed: number },
  ) {
    this.speed = values.speed;
  }
  update(): void {
    this.steps += 1;
  }
  paramsChanged(values: { speed: number }): void {
    this.speed = values.speed;
  }
}

/** A scene whose every hook writes `<scene>.<hook>` into the log. */
function recordingScene(
  id: string,
  log: string[],
  options: { showGate?: Promise<void>; bundles?: string[] } = {},
): SceneModule<unknown, CounterSim, FakeCtx, typeof params> & { views: number } {
  const module = {
    id,
    views: 0,
    bundles: options.bundles,
    prefetch: ['next-bundle'],
    params,
    actions: [{ name: 'bet', keys: ['Space'] }],
    simulation: (data: unknown, values: { speed: number }) => {
      log.push(`${id}.simulation`);
      return new CounterSim(data, values);
    },
    view: (): SceneView<unknown, CounterSim, FakeCtx> => {
      module.views += 1;
      return {
        init: (data) => log.push(`${id}.init(${JSON.stringify(data)})`),
        create: () => void log.push(`${id}.create`),
        show: async () => {
          log.push(`${id}.show`);
          await options.showGate;
        },
        update: () => log.push(`${id}.update`),
        render: (alpha) => log.push(`${id}.render(${alpha.toFixed(2)})`),
        hide: () => void log.push(`${id}.hide`),
        shutdown: () => log.push(`${id}.shutdown`),
        destroy: () => log.push(`${id}.destroy`),
        resize: (w, h) => log.push(`${id}.resize(${w}x${h})`),
        pause: () => log.push(`${id}.pause`),
        resume: () => log.push(`${id}.resume`),
        // A scene takes only the actions it knows; others are left to the browser.
        action: (name, phase) => {
          log.push(`${id}.action(${name},${phase})`);
          return name !== 'unknown';
        },
        paramsChanged: (values) => log.push(`${id}.params(${JSON.stringify(values)})`),
      };
    },
  };
  return module;
}

describe('scene lifecycle', () => {
  it('runs init -> load -> create -> show -> update/render -> hide -> shutdown in order', async () => {
    const log: string[] = [];
    const { host } = fakeHost(log);
    const manager = new SceneManager(host);
    manager.register('a', recordingScene('a', log, { bundles: ['a-art'] }));

    await manager.show('a', { round: 1 });
    manager.frame(1000 / 60);
    await manager.hide();

    expect(log).toEqual([
      'a.simulation',
      'a.init({"round":1})',
      'load:a-art',
      'a.create',
      'mount:a',
      'a.resize(800x600)',
      'a.show',
      'prefetch:next-bundle',
      'a.update',
      'a.render(0.00)',
      'a.hide',
      'unmount:a',
      'a.shutdown',
    ]);
    expect(manager.state).toBe('idle');
  });

  it("builds a new scene in a task of its own, when the host can end a task; a pooled one's show does not wait", async () => {
    const log: string[] = [];
    const { host } = fakeHost(log);
    host.yieldTask = async () => void log.push('yield');
    const manager = new SceneManager(host);
    manager.register('a', recordingScene('a', log, { bundles: ['a-art'] }));
    manager.register('b', recordingScene('b', log));

    await manager.show('a');
    expect(log.slice(log.indexOf('load:a-art'), log.indexOf('mount:a') + 1)).toEqual([
      'load:a-art',
      'yield',
      'a.create',
      'yield',
      'mount:a',
    ]);
    await manager.show('b');
    log.length = 0;
    await manager.show('a');
    expect(log).not.toContain('yield');
  });

  it('pools a hidden scene: the next visit reuses it without create, and shutdown is not destroy', async () => {
    const log: string[] = [];
    const { host } = fakeHost(log);
    const manager = new SceneManager(host);
    const a = recordingScene('a', log);
    manager.register('a', a);
    manager.register('b', recordingScene('b', log));

    await manager.show('a', 1);
    await manager.show('b', 2);
    log.length = 0;
    await manager.show('a', 3);

    expect(a.views).toBe(1);
    expect(log).toEqual([
      'b.hide',
      'unmount:b',
      'b.shutdown',
      'a.simulation',
      'a.init(3)',
      'mount:a',
      'a.resize(800x600)',
      'a.show',
      'prefetch:next-bundle',
    ]);
    expect(log.some((entry) => entry.endsWith('.destroy'))).toBe(false);
    expect(manager.pooledIds).toEqual(['b']);
  });

  it('destroys only on eviction: the least recently used beyond the pool size, or explicitly', async () => {
    const log: string[] = [];
    const { host } = fakeHost(log);
    const manager = new SceneManager(host, { poolSize: 1 });
    for (const id of ['a', 'b', 'c']) manager.register(id, recordingScene(id, log));

    await manager.show('a');
    await manager.show('b'); // a pooled
    expect(log).not.toContain('a.destroy');
    await manager.show('c'); // b pooled, pool over size: a (least recently used) evicted
    expect(log).toContain('a.destroy');
    expect(log).toContain('dispose:a');
    expect(log).not.toContain('b.destroy');
    expect(manager.pooledIds).toEqual(['b']);

    manager.evict('b');
    expect(log).toContain('b.destroy');
    expect(manager.pooledIds).toEqual([]);
    expect(manager.currentId).toBe('c');
  });

  it('keeps input off during transitions and routes actions only once the scene has shown', async () => {
    const log: string[] = [];
    const { host, input } = fakeHost(log);
    let openGate!: () => void;
    const gate = new Promise<void>((resolve) => (openGate = resolve));
    const manager = new SceneManager(host);
    manager.register('a', recordingScene('a', log, { showGate: gate }));

    const shown = manager.show('a');
    await new Promise((r) => setTimeout(r, 0));
    expect(manager.state).toBe('transition');
    expect(manager.dispatchAction('bet')).toBe(false);
    manager.frame(1000 / 60); // the scene animates its transition meanwhile
    expect(log).toContain('a.update');
    openGate();
    await shown;

    expect(manager.state).toBe('running');
    expect(manager.dispatchAction('bet', 'down')).toBe(true);
    expect(log.filter((e) => e.startsWith('a.action'))).toEqual(['a.action(bet,down)']);
    expect(input.at(0)).toBe(false);
    expect(input.at(-1)).toBe(true);

    const hidden = manager.hide();
    expect(manager.dispatchAction('bet')).toBe(false);
    await hidden;
    expect(input.at(-1)).toBe(false);
  });

  it('pauses the shown scene while the player looks away: pause and resume once each, input off', async () => {
    const log: string[] = [];
    const { host, input } = fakeHost(log);
    const manager = new SceneManager(host);
    manager.register('a', recordingScene('a', log));
    manager.register('b', recordingScene('b', log));
    await manager.show('a');
    log.length = 0;

    const endHidden = manager.pause(); // the tab is hidden
    const endDialog = manager.pause(); // and a dialog opens
    expect(manager.paused).toBe(true);
    expect(input.at(-1)).toBe(false);
    expect(manager.dispatchAction('bet')).toBe(false);
    endHidden();
    endHidden(); // ending one twice counts once
    expect(manager.paused).toBe(true);
    expect(log).toEqual(['a.pause']);
    endDialog();
    expect(log).toEqual(['a.pause', 'a.resume']);
    expect(input.at(-1)).toBe(true);
    expect(manager.dispatchAction('bet')).toBe(true);
    expect(manager.dispatchAction('unknown')).toBe(false); // not taken: the browser keeps the key

    // Shown while paused: it is paused once shown; the scene hidden meanwhile is not resumed.
    log.length = 0;
    const end = manager.pause();
    await manager.show('b');
    expect(log.filter((e) => /\.(pause|resume|show|hide)$/.test(e))).toEqual([
      'a.pause',
      'a.hide',
      'b.show',
      'b.pause',
    ]);
    expect(input.at(-1)).toBe(false);
    end();
    expect(log.at(-1)).toBe('b.resume');
    expect(input.at(-1)).toBe(true);
  });

  it('reports load progress and runs transitions one after another (StrictMode show-hide-show)', async () => {
    const log: string[] = [];
    const fake = fakeHost(log);
    const manager = new SceneManager(fake.host);
    const a = recordingScene('a', log, { bundles: ['art'] });
    manager.register('a', a);
    const progress: number[] = [];
    manager.events.on('progress', (e) => progress.push(e.progress));

    fake.holdLoads(true);
    const first = manager.show('a');
    const hide = manager.hide();
    const second = manager.show('a');
    await new Promise((r) => setTimeout(r, 0));
    fake.holdLoads(false);
    fake.releaseLoad();
    await Promise.all([first, hide, second]);

    expect(progress.slice(0, 3)).toEqual([0, 0.5, 1]);
    expect(a.views).toBe(1);
    expect(log.filter((e) => e === 'a.create')).toHaveLength(1);
    expect(log.filter((e) => e === 'a.shutdown')).toHaveLength(1);
    expect(manager.currentId).toBe('a');
  });

  it('loads a lazily registered scene once and rejects an unknown id without changing the current scene', async () => {
    const log: string[] = [];
    const { host } = fakeHost(log);
    const manager = new SceneManager(host);
    let imports = 0;
    manager.register('lazy', async () => {
      imports += 1;
      return recordingScene('lazy', log);
    });
    await manager.show('lazy');
    await manager.show('lazy');
    expect(imports).toBe(1);
    await expect(manager.show('nope')).rejects.toThrow(/unknown scene 'nope'/);
    expect(manager.state).toBe('idle');
  });

  it('changes params live: clamped to range and step, passed to the simulation and the view', async () => {
    const log: string[] = [];
    const { host } = fakeHost(log);
    const manager = new SceneManager(host);
    manager.register('a', recordingScene('a', log));
    await manager.show('a');

    manager.setParams({ speed: 7.3, unknown: 1 });
    expect(manager.params()?.values).toEqual({ speed: 7.5 });
    expect((manager.simulation as CounterSim).speed).toBe(7.5);
    expect(log.at(-1)).toBe('a.params({"speed":7.5})');

    manager.setParams({ speed: 99 });
    expect(manager.params()?.values.speed).toBe(10);

    // Tuned values stay for the next visit of the same scene.
    await manager.show('a');
    expect((manager.simulation as CounterSim).speed).toBe(10);
  });

  it('reports a still frame for a shown scene whose still() says so or that has none, or none shown, never mid-transition', async () => {
    const log: string[] = [];
    const { host } = fakeHost(log);
    const manager = new SceneManager(host);
    let gate!: () => void;
    const showGate = new Promise<void>((resolve) => (gate = resolve));
    const quiet = recordingScene('quiet', log, { showGate });
    let answers = 0;
    const view = quiet.view;
    quiet.view = () => ({ ...view(), still: () => (answers += 1) > 0 });
    manager.register('quiet', quiet);
    manager.register('busy', recordingScene('busy', log));

    // Nothing shown yet: the empty stage has nothing of its own that moves.
    expect(manager.still()).toBe(true);
    const shown = manager.show('quiet');
    await vi.waitFor(() => expect(log).toContain('quiet.show'));
    // Its show() transition has not finished: it is drawn, and its still() is not asked.
    expect(manager.still()).toBe(false);
    expect(answers).toBe(0);
    gate();
    await shown;
    expect(manager.still()).toBe(true);
    expect(answers).toBe(1);

    // Without still(), nothing the scene graph cannot see changes: the engine asks Pixi alone.
    await manager.show('busy');
    expect(manager.still()).toBe(true);
    let hidden!: () => void;
    const hideGate = new Promise<void>((resolve) => (hidden = resolve));
    const leaving = recordingScene('leaving', log);
    const leavingView = leaving.view;
    leaving.view = () => ({ ...leavingView(), hide: () => hideGate });
    manager.register('leaving', leaving);
    await manager.show('leaving');
    const gone = manager.hide();
    await Promise.resolve();
    // Its hide() transition has not finished: drawn every frame.
    expect(manager.still()).toBe(false);
    hidden();
    await gone;
    expect(manager.still()).toBe(true);
  });
});
