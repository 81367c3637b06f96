export interface Percentiles {
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

export interface EngineStats {
  /** Frames per second over the sample window. */
  fps: number;
  /** Time between frames (what the player sees). */
  frameMs: Percentiles;
  /** p95 of the simulation's fixed steps per frame. */
  updateMs: number;
  /** p95 of scene render + Pixi's renderer per frame. */
  renderMs: number;
  /** The engine's own CPU time per frame: update + render of the same frame. */
  cpuMs: Percentiles;
  /** WebGL draw calls of the last frame. */
  drawCalls: number;
  /** Frames in the sample window. */
  samples: number;
}

/** A fixed-size ring of samples with percentiles (nearest rank). */
export class SampleRing {
  private readonly data: Float64Array;
  private count = 0;
  private next = 0;

  constructor(readonly capacity: number) {
    this.data = new Float64Array(capacity);
  }

  push(value: number): void {
    this.data[this.next] = value;
    this.next = (this.next + 1) % this.capacity;
    this.count = Math.min(this.capacity, this.count + 1);
  }

  get size(): number {
    return this.count;
  }

  /** Oldest first. */
  values(): number[] {
    const out: number[] = [];
    const start = this.count < this.capacity ? 0 : this.next;
    for (let i = 0; i < this.count; i++) out.push(this.data[(start + i) % this.capacity] ?? 0);
    return out;
  }

  sum(): number {
    let total = 0;
    for (let i = 0; i < this.count; i++) total += this.data[i] ?? 0;
    return total;
  }

  percentiles(): Percentiles {
    const sorted = this.values().sort((a, b) => a - b);
    const rank = (p: number) =>
      sorted.length
        ? (sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? 0)
        : 0;
    return { p50: rank(0.5), p95: rank(0.95), p99: rank(0.99), max: sorted.at(-1) ?? 0 };
  }

  clear(): void {
    this.count = 0;
    this.next = 0;
  }
}

const round = (value: number) => Math.round(value * 1000) / 1000;
const roundAll = (p: Percentiles): Percentiles => ({
  p50: round(p.p50),
  p95: round(p.p95),
  p99: round(p.p99),
  max: round(p.max),
});

/** Per-frame timings of the engine, summarised for stats() and the debug overlay. */
export class FrameStats {
  readonly frame: SampleRing;
  readonly update: SampleRing;
  readonly render: SampleRing;
  readonly cpu: SampleRing;
  drawCalls = 0;
  /** Frames recorded since creation (a benchmark polls it to take only new samples). */
  recorded = 0;

  constructor(window = 240) {
    this.frame = new SampleRing(window);
    this.update = new SampleRing(window);
    this.render = new SampleRing(window);
    this.cpu = new SampleRing(window);
  }

  record(frameMs: number, updateMs: number, renderMs: number, drawCalls: number): void {
    this.frame.push(frameMs);
    this.update.push(updateMs);
    this.render.push(renderMs);
    this.cpu.push(updateMs + renderMs);
    this.drawCalls = drawCalls;
    this.recorded += 1;
  }

  snapshot(): EngineStats {
    const frameTotal = this.frame.sum();
    return {
      fps: frameTotal > 0 ? round((this.frame.size * 1000) / frameTotal) : 0,
      frameMs: roundAll(this.frame.percentiles()),
      updateMs: round(this.update.percentiles().p95),
      renderMs: round(this.render.percentiles().p95),
      cpuMs: roundAll(this.cpu.percentiles()),
      drawCalls: this.drawCalls,
      samples: this.frame.size,
    };
  }

  reset(): void {
    for (const ring of [this.frame, this.update, this.render, this.cpu]) ring.clear();
  }
}
