import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { serverAndBrowser } from '../support/e2eEnvironment';
import { TRACK_CONTEXTS } from './engine-helpers';
import { transparentLayerAreas, untilEngineRests, waitForScene } from './games-helpers';

const env = serverAndBrowser();

/**
 * A game's page with its scene shown and at rest, drawn by the renderer `query` asks for. Nothing
 * moves before a round: the frame on screen is final once none is drawn for `restMs`.
 */
async function restingScene(game: string, query: string, restMs = 300): Promise<Page> {
  const page = await env.browser.context.newPage();
  await page.goto(`${env.server.url}/${game}?test${query}`);
  await waitForScene(page, game);
  await untilEngineRests(page, restMs);
  return page;
}

const asteroids = (query: string) => restingScene('asteroids', query, 500);

/** Pixels of the canvas near `rgb` (each channel within 2), and pixels brighter than a star's floor. */
async function pixelCounts(page: Page, rgb: number): Promise<{ near: number; bright: number }> {
  const png = await page.locator('[data-scene=asteroids] canvas').screenshot();
  const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  const [r, g, b] = [(rgb >> 16) & 255, (rgb >> 8) & 255, rgb & 255];
  let near = 0;
  let bright = 0;
  for (let i = 0; i < data.length; i += info.channels) {
    const [pr, pg, pb] = [data[i]!, data[i + 1]!, data[i + 2]!];
    if (Math.abs(pr - r) <= 2 && Math.abs(pg - g) <= 2 && Math.abs(pb - b) <= 2) near += 1;
    if (pr + pg + pb > 360) bright += 1;
  }
  return { near, bright };
}

/**
 * A script for a game page drawn with WebGL: `window.__drawsOf(container)` renders `container`
 * once and answers how many draw calls that took.
 */
const COUNT_DRAWS = `window.__drawsOf = (container) => {
  const renderer = window.__engine.renderer;
  const gl = renderer.gl;
  const drawElements = gl.drawElements;
  let draws = 0;
  gl.drawElements = function (...args) {
    draws += 1;
    return drawElements.apply(this, args);
  };
  renderer.render(container);
  gl.drawElements = drawElements;
  return draws;
}`;
type DrawCounting = { __drawsOf(container: unknown): number };

// The asteroids field's fill (a tinted particle cut from the scene's atlas).
const FIELD = 0x070b1a;

describe('the renderer', () => {
  it('is Canvas 2D where WebGL runs on the CPU (as here), WebGL when the address asks', async () => {
    const auto = await asteroids('');
    expect(await auto.evaluate(() => window.__engine!.rendererKind)).toBe('canvas');
    const webgl = await asteroids('&renderer=webgl');
    expect(await webgl.evaluate(() => window.__engine!.rendererKind)).toBe('webgl');

    // Both draw the same field: its fill, its stars and its border are tinted particles cut from
    // an atlas, which Pixi's own canvas particle pipe drew as nothing.
    const drawnByCanvas = await pixelCounts(auto, FIELD);
    const drawnByWebgl = await pixelCounts(webgl, FIELD);
    expect(drawnByWebgl.near).toBeGreaterThan(10_000);
    expect(drawnByCanvas.near).toBeGreaterThan(drawnByWebgl.near * 0.8);
    expect(drawnByCanvas.bright).toBeGreaterThan(drawnByWebgl.bright * 0.5);
    await Promise.all([auto.close(), webgl.close()]);
  });

  it("asks the WebGL driver's name in a worker on a first visit, not on the page's thread", async () => {
    const page = await env.browser.context.newPage();
    await page.goto(`${env.server.url}/robots.txt`);
    await page.evaluate(() => localStorage.removeItem('casino.softwareWebGL'));
    const workers: string[] = [];
    page.on('worker', (worker) => workers.push(worker.url()));
    await page.addInitScript(TRACK_CONTEXTS);
    await page.goto(`${env.server.url}/mines?test`);
    await waitForScene(page, 'mines');
    expect(await page.evaluate(() => window.__engine!.rendererKind)).toBe('canvas');
    expect(workers.some((url) => url.includes('webglProbe'))).toBe(true);
    // The page's own thread made no WebGL context: neither the probe nor Pixi (see below).
    expect(await page.evaluate('window.__createdWebGL()')).toBe(0);
    const verdict = await page.evaluate(() => localStorage.getItem('casino.softwareWebGL'));
    expect(JSON.parse(verdict!)).toMatchObject({ software: true });
    await page.close();
  });

  it('draws with Canvas 2D without a WebGL context once the driver is known', async () => {
    // The first game page asks the WebGL driver's name (one context, lost again) and remembers it.
    const first = await asteroids('');
    await first.close();
    const page = await env.browser.context.newPage();
    await page.addInitScript(TRACK_CONTEXTS);
    await page.goto(`${env.server.url}/mines?test`);
    await waitForScene(page, 'mines');
    expect(await page.evaluate(() => window.__engine!.rendererKind)).toBe('canvas');
    // Pixi's particle pipe built a WebGL shader with the renderer, and the shader a WebGL context
    // of its own to ask the GPU's precision: SwiftShader starting up on every game page here.
    expect(await page.evaluate('window.__createdWebGL()')).toBe(0);
    await page.close();
  });
  it('batches at most eight textures a draw with WebGL, and draws each of ten sprites', async () => {
    const page = await restingScene('gemMiner', '&renderer=webgl');
    await page.evaluate(COUNT_DRAWS);
    // Ten sprites, each from a texture of its own colour, drawn in one render of their own.
    const result = await page.evaluate(() => {
      type Node = { constructor: new (arg?: unknown) => Node; children?: Node[] } & Record<
        string,
        unknown
      >;
      const engine = window.__engine!;
      const renderer = engine.renderer as unknown as {
        gl: WebGL2RenderingContext;
        resolution: number;
        limits: { maxBatchableTextures: number };
      };
      const stage = engine.application!.stage as unknown as Node;
      const find = (node: Node): Node | undefined =>
        'anchor' in node && 'texture' in node && !('particleChildren' in node)
          ? node
          : (node.children ?? []).map(find).find(Boolean);
      const Sprite = find(stage)!.constructor;
      const box = new stage.constructor();
      const colours = Array.from({ length: 10 }, (_, i) => [
        20 + i * 23,
        230 - i * 21,
        (i * 97) % 256,
      ]);
      colours.forEach(([r, g, b], i) => {
        const texture = engine.textures.canvas(`test:batch${i}`, { width: 8, height: 8 }, (c) => {
          c.fillStyle = `rgb(${r}, ${g}, ${b})`;
          c.fillRect(0, 0, 8, 8);
        });
        const sprite = new Sprite(texture) as unknown as {
          position: { set(x: number, y: number): void };
          setSize(size: number): void;
        };
        sprite.position.set(i * 24, 0);
        sprite.setSize(20);
        (box as unknown as { addChild(child: unknown): void }).addChild(sprite);
      });
      const draws = (window as unknown as DrawCounting).__drawsOf(box);
      const { gl } = renderer;
      const pixel = new Uint8Array(4);
      const shown = colours.map((_, i) => {
        const scale = renderer.resolution;
        gl.readPixels(
          Math.round((i * 24 + 10) * scale),
          gl.drawingBufferHeight - Math.round(10 * scale),
          1,
          1,
          gl.RGBA,
          gl.UNSIGNED_BYTE,
          pixel,
        );
        return [pixel[0]!, pixel[1]!, pixel[2]!];
      });
      engine.wake();
      return { batch: renderer.limits.maxBatchableTextures, draws, colours, shown };
    });
    expect(result.batch).toBe(8);
    // Ten textures: a batch of eight and one of two.
    expect(result.draws).toBe(2);
    result.shown.forEach((rgb, i) =>
      rgb.forEach((channel, c) =>
        expect(Math.abs(channel - result.colours[i]![c]!)).toBeLessThanOrEqual(2),
      ),
    );
    await page.close();
  });

  it("draws plinko's seventeen bucket labels in one batch with WebGL", async () => {
    const page = await restingScene('plinko', '&renderer=webgl');
    await page.evaluate(COUNT_DRAWS);
    const result = await page.evaluate(() => {
      type Node = { label?: string; children?: Node[] };
      const engine = window.__engine!;
      const find = (node: Node): Node | undefined =>
        node.label === 'bucket-labels' ? node : (node.children ?? []).map(find).find(Boolean);
      const labels = find(engine.application!.stage as unknown as Node)!;
      const draws = (window as unknown as DrawCounting).__drawsOf(labels);
      engine.wake();
      return { labels: labels.children!.length, draws };
    });
    // Sixteen rows, seventeen buckets: one label each, glyphs of one font atlas (a canvas text
    // each took a texture of its own, three draws of up to eight).
    expect(result.labels).toBe(17);
    expect(result.draws).toBe(1);
    await page.close();
  });

  it('reads no canvas back while a WebGL page starts; Canvas 2D asks how to tint when it draws', async () => {
    const pixelReads = async (renderer: string) => {
      const page = await env.browser.context.newPage();
      await page.addInitScript(() => {
        const counted = window as unknown as { __pixelReads: number };
        counted.__pixelReads = 0;
        const getImageData = CanvasRenderingContext2D.prototype.getImageData;
        CanvasRenderingContext2D.prototype.getImageData = function (...args) {
          counted.__pixelReads += 1;
          return getImageData.apply(this, args);
        };
      });
      await page.goto(`${env.server.url}/dice?test&renderer=${renderer}`);
      await waitForScene(page, 'dice');
      const reads = await page.evaluate(
        () => (window as unknown as { __pixelReads: number }).__pixelReads,
      );
      await page.close();
      return reads;
    };
    // Pixi's canvas tint asked whether "multiply" blending works (three canvases and a read back)
    // when its module was evaluated, on every page: now the first tint asks.
    expect(await pixelReads('webgl')).toBe(0);
    expect(await pixelReads('canvas')).toBeGreaterThan(0);
  });

  it("fills no pixel with plinko's unlit bucket lights and flashes", async () => {
    const page = await restingScene('plinko', '&renderer=webgl');
    const areas = await transparentLayerAreas(page, 'buckets');
    // No ball in flight: each of the 17 buckets' halo and flash is transparent, and of no size (a
    // GPU fills and blends a transparent shape's pixels as any other).
    expect(areas).toHaveLength(17 * 2);
    expect(areas.filter((area) => area > 0)).toEqual([]);
    await page.close();
  });
});
