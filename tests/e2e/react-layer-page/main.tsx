// A page for tests/e2e/react-layer.test.ts and `npm run bench -- react-layer`: the engine shows a
// scene with a live readout (a value, a bar as wide as the value), either as a React layer
// (games/shared/scene/reactLayer.ts) or as the same objects updated imperatively, driven by a valtio
// store as a panel would drive it. window.__layerTest lets the test set state and read the stage.
import { Container, Graphics, Rectangle, Text } from 'pixi.js';
import { useCallback } from 'react';
import { proxy, useSnapshot } from 'valtio';
import { Engine, type GameScene, type SceneContext } from '../../../engine/index';
import { mountReactLayer, type ReactLayer } from '../../../games/shared/scene/reactLayer';

const store = proxy({ value: 1 });
const BAR = 0x2fd67b;
const TEXT_STYLE = { fill: 0xffffff, fontSize: 48, fontFamily: 'sans-serif' };

function Readout() {
  const { value } = useSnapshot(store);
  const draw = useCallback(
    (g: Graphics) =>
      void g
        .clear()
        .rect(0, 0, value * 100, 40)
        .fill(BAR),
    [value],
  );
  return (
    <pixiContainer x={100} y={100} label="readout">
      <pixiGraphics draw={draw} label="bar" />
      <pixiText text={`${value.toFixed(2)}×`} y={60} style={TEXT_STYLE} label="value" />
    </pixiContainer>
  );
}

/** The same readout written imperatively: redrawn in render() when the value changed. */
class ImperativeReadout {
  readonly root = new Container({ label: 'readout', x: 100, y: 100 });
  private readonly bar = new Graphics({ label: 'bar' });
  private readonly text = new Text({ text: '', y: 60, style: TEXT_STYLE, label: 'value' });
  private shown = Number.NaN;
  constructor() {
    this.root.addChild(this.bar, this.text);
  }
  render(): void {
    if (store.value === this.shown) return;
    this.shown = store.value;
    this.bar
      .clear()
      .rect(0, 0, this.shown * 100, 40)
      .fill(BAR);
    this.text.text = `${this.shown.toFixed(2)}×`;
  }
}

function readoutScene(id: 'react' | 'imperative'): GameScene {
  return {
    id,
    simulation: () => ({ update: () => {} }),
    view: () => {
      let layer: ReactLayer | null = null;
      let imperative: ImperativeReadout | null = null;
      return {
        create(ctx: SceneContext) {
          if (id === 'react') layer = mountReactLayer(ctx, <Readout />);
          else ctx.root.addChild((imperative = new ImperativeReadout()).root);
        },
        render: () => imperative?.render(),
        destroy: () => layer?.destroy(),
      };
    },
  };
}

const engine = new Engine({ adaptiveResolution: false, renderer: 'webgl' });
engine.register(readoutScene('react'));
engine.register(readoutScene('imperative'));
engine.attach(document.getElementById('stage')!);

function find(label: string): Container | null {
  const visit = (node: Container): Container | null => {
    if (node.label === label) return node;
    for (const child of node.children) {
      const hit = visit(child);
      if (hit) return hit;
    }
    return null;
  };
  const stage = engine.application?.stage;
  return stage ? visit(stage) : null;
}

declare global {
  interface Window {
    __layerTest: unknown;
  }
}

window.__layerTest = {
  engine,
  show: (id: string) => engine.show(id).done,
  hide: () => engine.scenes.hide(),
  evict: (id: string) => engine.scenes.evict(id),
  set: (value: number) => void (store.value = value),
  /** A new value every frame, as a live multiplier readout gets (for the benchmark). */
  animate: () => {
    let frame = 0;
    const next = () => {
      store.value = 1 + (frame++ % 500) / 100;
      requestAnimationFrame(next);
    };
    requestAnimationFrame(next);
  },
  /** What the engine's stage holds: the readout's text and bar width, and who draws them. */
  read: () => {
    const text = find('value') as Text | null;
    const bar = find('bar');
    return {
      text: text?.text ?? null,
      barWidth: bar ? Math.round(bar.width) : null,
      layers: countLabel('react-layer'),
      inEngineStage: text !== null,
    };
  },
  /** The RGBA of one pixel of the stage as the engine's renderer draws it. */
  pixel: (x: number, y: number) => {
    const { renderer, application } = engine;
    if (!renderer || !application) return null;
    const frame = new Rectangle(x, y, 1, 1);
    return [...renderer.extract.pixels({ target: application.stage, frame }).pixels];
  },
};

function countLabel(label: string): number {
  let n = 0;
  const visit = (node: Container) => {
    if (node.label === label) n += 1;
    node.children.forEach(visit);
  };
  if (engine.application) visit(engine.application.stage);
  return n;
}
