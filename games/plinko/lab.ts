// Plinko in the scene lab (games/shared/lab/adapter.ts): pick the rows, the risk and the bucket;
// the rules make a path into that bucket and the ball falls along it through the physics. The
// bucket is read from where the ball crossed the landing line, as the headless run reads it.
import { defineLabGame, numberChoices, playInstant, type LabStage } from '../shared/lab/adapter';
import { bucketUnder } from './board';
import { plinkoChannel } from './channel';
import { PLINKO, PLINKO_RISKS, rules, type PlinkoRisk } from './rules';
import type { PlinkoLanding, PlinkoWorld } from './simulation';

/** The landing of the lab's last ball, on the simulation it fell in. */
let landed: { sim: unknown; landing: PlinkoLanding } | null = null;

export const lab = defineLabGame({
  initial: { rows: String(PLINKO.maxRows), risk: 'medium', bucket: '3' },
  controls: (pick) => [
    {
      kind: 'choice',
      name: 'rows',
      label: 'games.plinko.rows',
      choices: numberChoices(PLINKO.minRows, PLINKO.maxRows),
    },
    {
      kind: 'choice',
      name: 'risk',
      label: 'games.plinko.risk',
      choices: PLINKO_RISKS.map((value) => ({ value, key: `games.plinko.risk_${value}` })),
    },
    {
      kind: 'choice',
      name: 'bucket',
      label: 'dev.lab.bucket',
      choices: numberChoices(0, Number(pick.rows)),
    },
  ],
  round: (pick) => {
    const rows = Number(pick.rows);
    const bucket = Number(pick.bucket);
    // Rights first, then lefts: the rules count the rights into the bucket.
    const floats = Array.from({ length: PLINKO.floatsNeeded }, (_, row) =>
      row < bucket ? 0.75 : 0.25,
    );
    return playInstant(rules, { rows, risk: pick.risk as PlinkoRisk }, floats);
  },
  async play(round, stage) {
    const scene = await plinkoChannel.whenShown();
    const sim = stage.sim as PlinkoWorld;
    scene.configure({ rows: Number(round.params.rows), risk: round.params.risk as PlinkoRisk });
    landed = null;
    const off = sim.onLanding((landing) => (landed = { sim, landing }));
    try {
      await scene.drop(String(round.result.path), Number(round.result.bucket));
    } finally {
      off();
    }
  },
  shown: (stage: LabStage) => {
    if (!landed || landed.sim !== stage.sim) return null;
    const { landing } = landed;
    const rows = (stage.sim as PlinkoWorld).rows;
    return {
      bucket: landing.forced ? null : bucketUnder(landing.x, rows, stage.values().pegSpacing!),
    };
  },
  expected: (round) => ({ bucket: Number(round.result.bucket) }),
});
