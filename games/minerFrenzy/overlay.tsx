// Miner Frenzy's UI-like layer, declarative (@pixi/react through games/shared/scene/reactLayer.ts):
// the live multiplier readout, the result (green at the cash-out, red at the crash, the cashed-out
// multiplier under it) and the strip of recent crash points, drawn from minerFrenzyStore. The
// shaft, the cart and the dust stay imperative in scene.ts.
import { extend, type PixiReactElementProps } from '@pixi/react';
import { CanvasTextMetrics, TextStyle, type Container, type Text } from 'pixi.js';
import { useEffect, useMemo, useRef } from 'react';
import { SpriteText, type SceneContext } from '../../engine/index';
import { useLayerStore } from '../shared/scene/layerStore';
import { mountReactLayer } from '../shared/scene/reactLayer';
import { TABLE_COLOURS } from '../shared/scene/tableColours';
import { minerFrenzyStore } from './channel';
import { formatMultiplier } from '../fairness/index';

// The readout's words change with every hundredth (every frame late in a round): as plain Text
// each was a canvas rasterised and uploaded again, as bitmap text each rebuilt the whole stage's
// draw instructions (1.3 ms at 4x on average, up to 20). Glyph sprites change in place.
extend({ SpriteText });

declare module '@pixi/react' {
  interface PixiElements {
    pixiSpriteText: PixiReactElementProps<typeof SpriteText>;
  }
}

const { win: WIN, lose: LOSE } = TABLE_COLOURS;
const INK = 0xf4ecdf;
const FONT = 'system-ui, sans-serif';
const MARKER_STYLE = { fontFamily: FONT, fontWeight: '800', fontSize: 26, fill: WIN } as const;
const MARKER_ANCHOR = { x: 0.5, y: 0 };
const STRIP_STYLES = [WIN, LOSE].map(
  (fill) => new TextStyle({ fontFamily: FONT, fontSize: 14, fontWeight: '700', fill }),
);
const [STRIP_WIN, STRIP_LOSE] = STRIP_STYLES as [TextStyle, TextStyle];

interface Size {
  width: number;
  height: number;
}

/** The multiplier the store holds now, as shown. */
const shownNow = () => formatMultiplier(minerFrenzyStore.get().hundredths / 100);

/**
 * The multiplier in the upper third of the shaft, and the cashed-out multiplier under it. The
 * multiplier's text is written from the store as it changes (every frame late in a round), in
 * the engine's frame that changed it: through a React render each time it was a task of its own
 * (about 1.6 ms at 4x) after the frame, and showed a frame late.
 */
function Readout({ width, height }: Size) {
  const outcome = useLayerStore(minerFrenzyStore, 'outcome');
  const readout = useRef<SpriteText>(null);
  useEffect(() => {
    const show = () => {
      if (readout.current) readout.current.text = shownNow();
    };
    show();
    return minerFrenzyStore.subscribe(show);
  }, []);
  const size = Math.max(28, Math.min(width * 0.16, height * 0.14));
  const fontSize = Math.round(size);
  const fill = outcome === 'crashed' ? LOSE : outcome === 'cashedOut' ? WIN : INK;
  const style = useMemo(
    () => ({ fontFamily: FONT, fontWeight: '800', fontSize, fill }) as const,
    [fontSize, fill],
  );
  const shown = shownNow();
  return (
    <>
      <pixiSpriteText
        ref={readout}
        label="readout"
        capacity={10}
        text={shown}
        anchor={0.5}
        x={width / 2}
        y={height * 0.3}
        style={style}
      />
      <pixiText
        label="result"
        text={outcome === 'cashedOut' ? shown : ''}
        anchor={MARKER_ANCHOR}
        x={width / 2}
        y={height * 0.3 + size * 0.7}
        style={MARKER_STYLE}
      />
    </>
  );
}

/** The recent crash points along the top, newest first, as many as fit (green from 2x). */
function Strip({ width }: Pick<Size, 'width'>) {
  const recent = useLayerStore(minerFrenzyStore, 'recent');
  const labels = useMemo(() => {
    const out: { text: string; x: number; style: TextStyle }[] = [];
    let x = 0;
    for (const { crashPoint } of recent) {
      const text = formatMultiplier(crashPoint);
      const style = crashPoint >= 2 ? STRIP_WIN : STRIP_LOSE;
      const at = x;
      x += CanvasTextMetrics.measureText(text, style).width + 12;
      if (x > width - 24) break;
      out.push({ text, x: at, style });
    }
    return out;
  }, [recent, width]);
  return (
    <pixiContainer label="strip" x={12} y={10}>
      {labels.map(({ text, x, style }, i) => (
        <pixiText key={i} text={text} x={x} style={style} />
      ))}
    </pixiContainer>
  );
}

function Overlay(size: Size) {
  return (
    <>
      <Readout {...size} />
      <Strip width={size.width} />
    </>
  );
}

const textOf = (container: Container, label: string) =>
  (container.getChildByLabel(label, true) as Text | SpriteText | null)?.text ?? '';

/** The layer on top of what the scene has drawn so far; lay it out from the scene's layout(). */
export function mountMinerFrenzyOverlay(ctx: SceneContext, size: Size) {
  const layer = mountReactLayer(ctx, <Overlay {...size} />);
  return {
    layout: (next: Size) => layer.render(<Overlay {...next} />),
    /** What the layer shows now (React commits a frame or two after the store changes). */
    report: () => ({
      readout: textOf(layer.container, 'readout'),
      result: textOf(layer.container, 'result'),
    }),
    destroy: () => layer.destroy(),
  };
}
