// The plinko simulation (matter-js and the guidance's look-ahead, most of a busy frame's work on
// a phone) off the page's main thread: it steps when the scene says so (once per engine step) and
// answers every step with where the balls are (remoteSimulation.ts mirrors it for the scene).
import { PlinkoSimulation, type PegHit } from './simulation';
import { BALL_FIELDS, type Stepped, type ToSimulation, type WireLanding } from './simulationWire';

interface WorkerScope {
  onmessage: ((event: MessageEvent<ToSimulation>) => void) | null;
  postMessage(message: Stepped, transfer: Transferable[]): void;
}
const scope = self as unknown as WorkerScope;

let sim: PlinkoSimulation | null = null;
let landings: WireLanding[] = [];
let pegHit: PegHit | undefined;

function start(message: Extract<ToSimulation, { type: 'start' }>): PlinkoSimulation {
  sim?.dispose();
  const started = new PlinkoSimulation(message.data, message.values);
  started.onLanding(({ tag: _tag, ...landing }) => landings.push(landing));
  started.onPegHit((hit) => (pegHit ??= hit));
  return started;
}

function step(running: PlinkoSimulation): void {
  const board = running.board;
  running.update(1 / 60);
  const balls = new Float64Array(running.balls.length * BALL_FIELDS);
  running.balls.forEach((ball, i) => {
    const { x, y } = ball.body.position;
    balls.set([ball.id, x, y, ball.prevX, ball.prevY, ball.radius], i * BALL_FIELDS);
  });
  const report: Stepped = {
    type: 'stepped',
    balls,
    landings,
    offTarget: running.offTarget,
    maxGuidance: running.maxGuidance,
  };
  if (pegHit) report.pegHit = pegHit;
  if (running.board !== board) {
    report.rebuilt = { spacing: running.board.spacing, pegRadius: running.board.pegRadius };
  }
  landings = [];
  pegHit = undefined;
  scope.postMessage(report, [balls.buffer]);
}

scope.onmessage = ({ data: message }) => {
  if (message.type === 'start') {
    sim = start(message);
    return;
  }
  if (!sim) return;
  switch (message.type) {
    case 'step':
      step(sim);
      break;
    case 'drop':
      sim.drop({ path: message.path, bucket: message.bucket, id: message.id });
      break;
    case 'board':
      sim.setBoard(message.rows, message.risk);
      break;
    case 'params':
      sim.paramsChanged(message.values);
      break;
  }
};
