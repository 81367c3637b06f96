import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export interface ChartSeries {
  label: string;
  /** One value per x (null: no value there). */
  values: (number | null)[];
  color: string;
  /** Dashed (a reference line, such as a theory). */
  dashed?: boolean;
}

interface Props {
  title: string;
  x: number[];
  /** x values as dates (seconds since 1970) or plain numbers. */
  time: boolean;
  series: ChartSeries[];
  format?: (value: number) => string;
  height?: number;
}

const AXIS = { stroke: '#b1bad3', grid: { stroke: '#2f4553', width: 1 }, ticks: { show: false } };

/** A line chart (uPlot, loaded with the console only), as wide as its container. */
export function LineChart({ title, x, time, series, format, height = 220 }: Props) {
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const values = format ? (_u: uPlot, ticks: number[]) => ticks.map(format) : undefined;
    const chart = new uPlot(
      {
        title,
        width: Math.max(200, element.clientWidth),
        height,
        scales: {
          x: {
            time,
            // One x (a single day): a range around it, not uPlot's years-wide default.
            range: (_u, min, max) =>
              min === max ? [min - (time ? 43_200 : 1), max + (time ? 43_200 : 1)] : [min, max],
          },
        },
        axes: [AXIS, { ...AXIS, size: 64, ...(values ? { values } : {}) }],
        legend: { show: true },
        series: [
          {},
          ...series.map((s) => ({
            label: s.label,
            stroke: s.color,
            width: 2,
            points: { show: x.length < 40 },
            ...(s.dashed ? { dash: [6, 4] } : {}),
            ...(format
              ? { value: (_u: uPlot, v: number | null) => (v === null ? '—' : format(v)) }
              : {}),
          })),
        ],
      },
      [x, ...series.map((s) => s.values)],
      element,
    );
    const resize = new ResizeObserver(() =>
      chart.setSize({ width: Math.max(200, element.clientWidth), height }),
    );
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [title, x, time, series, format, height]);

  return <div className="admin-chart" ref={box} data-chart={title} />;
}
