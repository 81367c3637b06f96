// The debug overlay: loaded with import() only when opened (?debug or Ctrl+Shift+D), so neither
// it nor tweakpane is in any normal bundle.
import type { DebugHandle, Engine } from '../core/Engine';
import { validateParams } from '../params/params';
import { paramsFileName, paramsToJson } from './paramsFile';
import { createPane, type FolderLike } from './tweakpaneApi';

const REFRESH_MS = 250;

export function openDebugOverlay(engine: Engine): DebugHandle {
  const root = document.createElement('div');
  root.dataset.testid = 'engine-debug';
  Object.assign(root.style, {
    position: 'fixed',
    top: '8px',
    right: '8px',
    width: '300px',
    maxHeight: 'calc(100vh - 16px)',
    overflowY: 'auto',
    zIndex: '10000',
    font: '12px system-ui, sans-serif',
  });
  document.body.appendChild(root);

  const pane = createPane(root, 'Engine (Ctrl+Shift+D)');
  const metrics = {
    fps: 0,
    frame: 0,
    p50: 0,
    p95: 0,
    max: 0,
    cpuP95: 0,
    drawCalls: 0,
    resolution: 1,
  };
  const perf = pane.addFolder({ title: 'Performance' });
  const monitor = { readonly: true, interval: REFRESH_MS } as const;
  perf.addBinding(metrics, 'fps', { ...monitor, format: (v: number) => v.toFixed(1) });
  perf.addBinding(metrics, 'frame', {
    ...monitor,
    label: 'frame ms',
    view: 'graph',
    min: 0,
    max: 50,
    bufferSize: 120,
  });
  for (const key of ['p50', 'p95', 'max', 'cpuP95'] as const) {
    perf.addBinding(metrics, key, {
      ...monitor,
      label: key === 'cpuP95' ? 'cpu p95' : `frame ${key}`,
      format: (v: number) => `${v.toFixed(2)} ms`,
    });
  }
  perf.addBinding(metrics, 'drawCalls', {
    ...monitor,
    label: 'draw calls',
    format: (v: number) => v.toFixed(0),
  });
  perf.addBinding(metrics, 'resolution', {
    ...monitor,
    label: 'resolution',
    format: (v: number) => `${Math.round(v * 100)}%`,
  });
  const adaptive = { enabled: engine.resolution.enabled };
  perf
    .addBinding(adaptive, 'enabled', { label: 'adaptive res.' })
    .on('change', (e) => engine.setAdaptiveResolution(e.value));
  const timer = window.setInterval(() => {
    const stats = engine.stats();
    metrics.fps = stats.fps;
    metrics.frame = engine.frameStats.frame.values().at(-1) ?? 0;
    metrics.p50 = stats.frameMs.p50;
    metrics.p95 = stats.frameMs.p95;
    metrics.max = stats.frameMs.max;
    metrics.cpuP95 = stats.cpuMs.p95;
    metrics.drawCalls = stats.drawCalls;
    metrics.resolution = stats.resolutionScale;
  }, REFRESH_MS);

  const loop = engine.scenes.loop;
  const controls = { paused: loop.paused, timeScale: loop.timeScale, wireframe: engine.wireframe };
  const loopFolder = pane.addFolder({ title: 'Loop' });
  loopFolder.addBinding(controls, 'paused').on('change', (e) => engine.pause(e.value));
  loopFolder.addButton({ title: 'Step' }).on('click', () => engine.step());
  loopFolder
    .addBinding(controls, 'timeScale', { label: 'time scale', min: 0, max: 4, step: 0.05 })
    .on('change', (e) => engine.setTimeScale(e.value));
  loopFolder
    .addBinding(controls, 'wireframe', { label: 'physics wireframe' })
    .on('change', (e) => (engine.wireframe = e.value));

  const paramsPanel = buildParamsPanel(engine, pane, root);
  const offShown = engine.scenes.events.on('shown', () => paramsPanel.rebuild());

  return {
    dispose() {
      window.clearInterval(timer);
      offShown();
      paramsPanel.dispose();
      pane.dispose();
      root.remove();
    },
  };
}

/** The tweak panel of the active scene's params, with export (download + clipboard) and import (paste). */
function buildParamsPanel(engine: Engine, pane: FolderLike, root: HTMLElement) {
  let folder: FolderLike | null = null;
  const io = document.createElement('div');
  io.style.cssText = 'background:#28292e;color:#bbbcc4;padding:6px;display:none';
  const textarea = document.createElement('textarea');
  textarea.rows = 5;
  textarea.placeholder = 'Paste params JSON here';
  textarea.dataset.testid = 'engine-debug-import';
  textarea.style.cssText = 'width:100%;box-sizing:border-box;font:11px monospace';
  const apply = document.createElement('button');
  apply.textContent = 'Apply pasted JSON';
  const message = document.createElement('div');
  message.setAttribute('role', 'status');
  message.style.whiteSpace = 'pre-wrap';
  io.append(textarea, apply, message);
  root.appendChild(io);

  apply.addEventListener('click', () => {
    const current = engine.scenes.params();
    if (!current) return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(textarea.value);
    } catch {
      message.textContent = 'Not valid JSON.';
      return;
    }
    const { values, errors } = validateParams(current.spec, parsed);
    if (errors.length) {
      message.textContent = errors.join('\n');
      return;
    }
    engine.scenes.setParams(values);
    message.textContent = `Applied ${Object.keys(values).length} value(s).`;
    rebuild();
  });

  function rebuild(): void {
    folder?.dispose();
    folder = null;
    const current = engine.scenes.params();
    io.style.display = current ? 'block' : 'none';
    if (!current) return;
    const { sceneId, spec, values } = current;
    folder = pane.addFolder({ title: `Params: ${sceneId}` });
    const bound = { ...values };
    for (const [key, param] of Object.entries(spec)) {
      const binding = folder
        .addBinding(bound, key, {
          label: param.label ?? key,
          min: param.min,
          max: param.max,
          step: param.step,
        })
        .on('change', (e) => {
          engine.scenes.setParams({ [key]: e.value });
          bound[key] = engine.scenes.params()?.values[key] ?? e.value;
        });
      binding.element.dataset.param = key;
      // The pane keeps a typed value inside the param's range without a word: say so. Read in
      // the capture phase, before the pane writes the value it kept over what was typed.
      binding.element.addEventListener(
        'change',
        (event) => {
          const typed = event.target instanceof HTMLInputElement ? Number(event.target.value) : NaN;
          const kept = Math.min(param.max, Math.max(param.min, typed));
          if (Number.isFinite(typed) && kept !== typed) {
            message.textContent = `${key}: ${typed} is outside ${param.min}..${param.max}; set to ${kept}.`;
          }
        },
        true,
      );
    }
    folder.addButton({ title: 'Export JSON (download + copy)' }).on('click', () => {
      const json = paramsToJson(engine.scenes.params()?.values ?? {});
      const link = document.createElement('a');
      link.href = URL.createObjectURL(new Blob([json], { type: 'application/json' }));
      link.download = paramsFileName(sceneId);
      link.click();
      URL.revokeObjectURL(link.href);
      textarea.value = json;
      void navigator.clipboard?.writeText(json).catch(() => undefined);
      message.textContent = `Exported. Make them defaults: npm run params:apply -- ${sceneId} ${paramsFileName(sceneId)}`;
    });
    folder.addButton({ title: 'Reset to defaults' }).on('click', () => {
      engine.scenes.setParams(
        Object.fromEntries(Object.entries(spec).map(([k, p]) => [k, p.value])),
      );
      rebuild();
    });
  }

  rebuild();
  return {
    rebuild,
    dispose() {
      folder?.dispose();
      io.remove();
    },
  };
}
