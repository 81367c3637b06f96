import { afterEach, describe, expect, it, vi } from 'vitest';
import { Engine } from '../../../engine/core/Engine';
import type { SceneContext } from '../../../engine/core/Engine';
import type { SceneModule, Simulation } from '../../../engine/core/scene';

/** The parts of `document` the engine reads for the tab's visibility. */
class FakeDocument extends EventTarget {
  visibilityState: 'visible' | 'hidden' = 'visible';
  get hidden(): boolean {
    return this.visibilityState === 'hidden';
  }
  setVisibility(state: 'visible' | 'hidden'): void {
    this.visibilityState = state;
    this.dispatchEvent(new Event('visibilitychange'));
  }
}

function pageEngine(doc: FakeDocument): Engine {
  vi.stubGlobal('document', doc);
  vi.stubGlobal('window', new EventTarget());
  return new Engine({ adaptiveResolution: false });
}

function hookScene(log: string[]): SceneModule<unknown, Simulation, SceneContext> {
  return {
    id: 'hooks',
    simulation: () => ({ update: () => undefined }),
    view: () => ({
      show: () => void log.push('show'),
      pause: () => log.push('pause'),
      resume: () => log.push('resume'),
    }),
  };
}

/** An engine in a page with `doc`, showing a scene that logs its hooks. */
async function showing(doc: FakeDocument): Promise<{ engine: Engine; log: string[] }> {
  const engine = pageEngine(doc);
  const log: string[] = [];
  engine.register(hookScene(log));
  await engine.scenes.show('hooks');
  return { engine, log };
}

afterEach(() => vi.unstubAllGlobals());

describe('the engine pauses the shown scene while the player looks away', () => {
  it('on a hidden tab, and resumes it when the tab is visible again', async () => {
    const doc = new FakeDocument();
    const { engine, log } = await showing(doc);

    doc.setVisibility('hidden');
    expect(engine.scenes.paused).toBe(true);
    doc.setVisibility('hidden'); // a repeated event pauses once
    doc.setVisibility('visible');
    expect(engine.scenes.paused).toBe(false);
    expect(log).toEqual(['show', 'pause', 'resume']);
  });

  it('while a dialog is open, nested with the hidden tab', async () => {
    const doc = new FakeDocument();
    const { engine, log } = await showing(doc);

    const closeDialog = engine.pauseScene();
    doc.setVisibility('hidden');
    doc.setVisibility('visible');
    expect(engine.scenes.paused).toBe(true); // the dialog is still open
    expect(engine.scenes.dispatchAction('bet')).toBe(false);
    closeDialog();
    expect(engine.scenes.paused).toBe(false);
    expect(log).toEqual(['show', 'pause', 'resume']);
  });

  it('starts paused when the page opens in a hidden tab', async () => {
    const doc = new FakeDocument();
    doc.visibilityState = 'hidden';
    const { engine, log } = await showing(doc);
    expect(log).toEqual(['show', 'pause']);
    expect(engine.scenes.paused).toBe(true);
    doc.setVisibility('visible');
    expect(log).toEqual(['show', 'pause', 'resume']);
  });
});
