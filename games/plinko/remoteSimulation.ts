// The plinko simulation run in a worker (simulationWorker.ts), mirrored here for the scene: the
// scene's commands go to the worker at once, and the balls it shows are where the worker's last
// step put them (a step behind at most). Drops, the board's rows and risk, and the count of balls
// in flight are known here at once, so the panel and the tests read them as from the simulation
// itself. The page's main thread then spends nothing on matter-js or the guidance's look-ahead.
import type { ParamValues } from '../../engine/headless/index';
import { boardGeometry, type BoardGeometry } from './board';
import type { PlinkoParams } from './params';
import { PLINKO, PLINKO_RISKS, type PlinkoRisk } from './rules';
import {
  checkedBucket,
  HISTORY_LENGTH,
  validRows,
  type PegHit,
  type PlinkoData,
  type PlinkoDrop,
  type PlinkoLanding,
  type PlinkoWorld,
  type ShownBall,
} from './simulation';
import { BALL_FIELDS, type Stepped, type ToSimulation, type WireLanding } from './simulationWire';

interface MirroredBall extends ShownBall {
  radius: number;
  prevX: number;
  prevY: number;
  body: { position: { x: number; y: number } };
}

/** A ball dropped and not landed yet: what the page keeps of it (the worker never sees the tag). */
interface Flight {
  tag: unknown;
  /** The server's bucket, for landing it should the worker fail. */
  bucket: number;
  /** Where the worker's last step put it (none before its first step). */
  ball: MirroredBall | null;
  /** Instant mode: it lands here at the next step, and the worker never sees it. */
  instant: boolean;
}

export class RemotePlinkoSimulation implements PlinkoWorld {
  readonly balls: MirroredBall[] = [];
  history: readonly number[] = [];
  offTarget = 0;
  maxGuidance = 0;
  rows: number;
  risk: PlinkoRisk;
  board: BoardGeometry;
  private readonly worker: Worker;
  private nextId = 1;
  /** Every ball dropped and not landed yet, by id. */
  private readonly flights = new Map<number, Flight>();
  /** The instant flights, by id, waiting for the next step to land. */
  private readonly instantIds: number[] = [];
  /** A designer's change waits for a step to apply (see update). */
  private paramsPending = false;
  /** The worker could not start or failed: balls land at once, in their buckets, unanimated. */
  private failed = false;
  private readonly landingListeners = new Set<(landing: PlinkoLanding) => void>();
  private readonly pegListeners = new Set<(hit: PegHit) => void>();

  constructor(data: PlinkoData | undefined, values: ParamValues<PlinkoParams>) {
    this.rows = validRows(data?.rows) ? data.rows : PLINKO.maxRows;
    this.risk = data?.risk && PLINKO_RISKS.includes(data.risk) ? data.risk : 'medium';
    this.board = boardGeometry(this.rows, values.pegSpacing, values.pegRadius);
    this.worker = new Worker(new URL('./simulationWorker.ts', import.meta.url), {
      type: 'module',
      name: 'plinko-simulation',
    });
    this.worker.onmessage = (event: MessageEvent<Stepped>) => this.stepped(event.data);
    this.worker.onerror = () => {
      this.failed = true;
      this.landWithoutWorker();
    };
    this.send({ type: 'start', data: { ...data, rows: this.rows, risk: this.risk }, values });
  }

  get inFlight(): number {
    return this.flights.size;
  }

  setBoard(rows: number, risk: PlinkoRisk): boolean {
    if (this.flights.size > 0 || !validRows(rows) || !PLINKO_RISKS.includes(risk)) return false;
    this.risk = risk;
    if (rows !== this.rows) {
      this.rows = rows;
      this.board = boardGeometry(rows, this.board.spacing, this.board.pegRadius);
    }
    this.send({ type: 'board', rows, risk });
    return true;
  }

  drop(drop: PlinkoDrop): number {
    const bucket = checkedBucket(drop, this.rows);
    const id = this.nextId++;
    const instant = drop.instant === true;
    this.flights.set(id, { tag: drop.tag, bucket, ball: null, instant });
    if (instant) this.instantIds.push(id);
    else this.send({ type: 'drop', id, path: drop.path, bucket });
    return id;
  }

  onLanding(listener: (landing: PlinkoLanding) => void): () => void {
    this.landingListeners.add(listener);
    return () => this.landingListeners.delete(listener);
  }

  onPegHit(listener: (hit: PegHit) => void): () => void {
    this.pegListeners.add(listener);
    return () => this.pegListeners.delete(listener);
  }

  /** One step in the worker, when it has something to step (an idle board costs no message). */
  update(): void {
    if (this.failed) {
      this.landWithoutWorker();
      return;
    }
    if (this.instantIds.length > 0) this.landHere(this.instantIds.splice(0));
    if (this.flights.size > 0 || this.paramsPending) {
      this.paramsPending = false;
      this.send({ type: 'step' });
    }
  }

  paramsChanged(values: ParamValues<PlinkoParams>): void {
    this.send({ type: 'params', values: { ...values } });
    // The worker rebuilds the board for new pegs in its next step without balls in flight.
    this.paramsPending = true;
  }

  dispose(): void {
    this.worker.terminate();
    this.landingListeners.clear();
    this.pegListeners.clear();
    this.balls.length = 0;
    this.flights.clear();
    this.instantIds.length = 0;
  }

  private send(message: ToSimulation): void {
    this.worker.postMessage(message);
  }

  private stepped(report: Stepped): void {
    this.mirrorBalls(report.balls);
    this.offTarget = report.offTarget;
    this.maxGuidance = report.maxGuidance;
    if (report.rebuilt) {
      const { spacing, pegRadius } = report.rebuilt;
      this.board = boardGeometry(this.rows, spacing, pegRadius);
    }
    this.landed(report.landings);
    const hit = report.pegHit;
    // The scene ticks at most every few steps: the step's first hit stands for them all.
    if (hit) for (const listener of this.pegListeners) listener(hit);
  }

  /**
   * Without a worker (it failed to load or crashed) every ball in flight lands now, in the
   * server's bucket, as a forced landing: the player sees each result, unanimated, and no bet
   * waits for a ball that will never fall.
   */
  private landWithoutWorker(): void {
    this.balls.length = 0;
    this.instantIds.length = 0;
    this.landHere([...this.flights.keys()]);
  }

  /** These flights land now, here, in the server's buckets (forced unless instant). */
  private landHere(ids: readonly number[]): void {
    const landings: WireLanding[] = [];
    for (const id of ids) {
      const flight = this.flights.get(id);
      if (!flight) continue;
      const x = this.board.bucketX[flight.bucket] ?? 0;
      landings.push({ id, bucket: flight.bucket, x, steps: 0, forced: !flight.instant });
    }
    this.landed(landings);
  }

  /**
   * Landings, in the order they happened, into the history and to the listeners. The history is
   * kept here from the landings, the worker's and the instant ones alike.
   */
  private landed(landings: readonly WireLanding[]): void {
    for (const landed of landings) {
      const landing: PlinkoLanding = { ...landed, tag: this.flights.get(landed.id)?.tag };
      this.flights.delete(landed.id);
      this.history = [landed.bucket, ...this.history].slice(0, HISTORY_LENGTH);
      for (const listener of this.landingListeners) listener(landing);
    }
  }

  /** The balls as the worker's step left them, each object kept while its ball flies. */
  private mirrorBalls(fields: Float64Array): void {
    this.balls.length = 0;
    for (let at = 0; at < fields.length; at += BALL_FIELDS) {
      const id = fields[at]!;
      const flight = this.flights.get(id);
      if (!flight) continue;
      flight.ball ??= {
        id,
        bucket: flight.bucket,
        radius: 0,
        prevX: 0,
        prevY: 0,
        body: { position: { x: 0, y: 0 } },
      };
      const { ball } = flight;
      ball.body.position.x = fields[at + 1]!;
      ball.body.position.y = fields[at + 2]!;
      ball.prevX = fields[at + 3]!;
      ball.prevY = fields[at + 4]!;
      ball.radius = fields[at + 5]!;
      this.balls.push(ball);
    }
  }
}
