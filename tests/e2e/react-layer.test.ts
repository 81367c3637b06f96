import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchBrowser, type LaunchedBrowser } from '../support/browser';
import {
  REACT_LAYER_ORIGIN,
  buildReactLayerPage,
  serveReactLayerPage,
} from '../support/reactLayerPage';
import { TRACK_CONTEXTS } from './engine-helpers';

interface Reading {
  text: string | null;
  barWidth: number | null;
  layers: number;
  inEngineStage: boolean;
}

let browser: LaunchedBrowser;
let page: Page;
const errors: string[] = [];

beforeAll(async () => {
  const dir = await buildReactLayerPage();
  browser = await launchBrowser();
  page = await browser.context.newPage();
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (m) => void (m.type() === 'error' && errors.push(m.text())));
  await page.addInitScript(TRACK_CONTEXTS);
  await serveReactLayerPage(page, dir);
  await page.goto(`${REACT_LAYER_ORIGIN}/index.html`);
  await page.waitForFunction(
    () => (window as unknown as { __layerTest?: unknown }).__layerTest !== undefined,
  );
});

afterAll(async () => {
  await browser?.close();
});

const call = (expression: string) => page.evaluate(`window.__layerTest.${expression}`);
const read = () => call('read()') as Promise<Reading>;
const pixel = (x: number, y: number) => call(`pixel(${x}, ${y})`) as Promise<number[]>;

/** Polls read() until it matches (React commits after the state change, within a frame or two). */
async function until(expected: Partial<Reading>): Promise<void> {
  const deadline = Date.now() + 10_000;
  let last: Reading | undefined;
  while (Date.now() < deadline) {
    last = await read();
    if (Object.entries(expected).every(([k, v]) => last![k as keyof Reading] === v)) return;
    await page.waitForTimeout(20);
  }
  expect(last).toMatchObject(expected);
}

const GREEN = [0x2f, 0xd6, 0x7b, 255];

describe('a React layer in a scene (games/shared/scene/reactLayer.ts)', () => {
  it('renders into the engine’s stage with its one WebGL context and follows the state', async () => {
    await call("show('react')");
    await until({ text: '1.00×', barWidth: 100, layers: 1, inEngineStage: true });
    // The bar (x 100..200 at value 1) is drawn by the engine's renderer; x 250 is still empty.
    expect(await pixel(150, 120)).toEqual(GREEN);
    expect(await pixel(250, 120)).not.toEqual(GREEN);

    await call('set(2.5)');
    await until({ text: '2.50×', barWidth: 250 });
    expect(await pixel(250, 120)).toEqual(GREEN);
    expect(await page.evaluate('window.__liveWebGL()')).toBe(1);
    expect(await page.evaluate("document.querySelectorAll('canvas').length")).toBe(1);
  });

  it('keeps the tree while the scene is pooled, and unmounts it when the scene is evicted', async () => {
    await call('hide()');
    await call('set(3)');
    await call("show('react')");
    await until({ text: '3.00×', barWidth: 300, layers: 1 });

    await call('hide()');
    await call("evict('react')");
    await until({ text: null, layers: 0 });
    // A new instance mounts a new tree (on the root the old layer gave back).
    await call("show('react')");
    await until({ text: '3.00×', barWidth: 300, layers: 1 });
    expect(await page.evaluate('window.__liveWebGL()')).toBe(1);
    expect(errors).toEqual([]);
  });
});
