// Asteroids in the scene lab (games/shared/lab/adapter.ts): pick the prize tier; the rules deal
// the nine gems for it and the round starts with them. The autopilot of the headless runs flies
// the ship (or you do, with the arrows and Space); "Reveal all" breaks every rock left. The gems
// are read from what the rocks revealed.
import { defineLabGame, playInstant } from '../shared/lab/adapter';
import { asteroidsChannel } from './channel';
import { autopilot } from './autopilot';
import { ASTEROIDS, rules, TIER_WEIGHTS, tripleOf } from './rules';
import type { AsteroidsSimulation } from './simulation';

/** f0 in the middle of a tier's range of tickets (floor(f0 * 1,000,000) against the weights). */
function tierFloat(kind: number): number {
  let lower = 0;
  for (const tier of TIER_WEIGHTS) {
    if (tier.kind === kind) return (lower + tier.weight / 2) / 1_000_000;
    lower += tier.weight;
  }
  return 0.99;
}

/** The rest of the floats: fixed, so a tier always deals the same gems in the same places. */
const dealing = Array.from(
  { length: ASTEROIDS.floatsNeeded - 1 },
  (_, i) => ((i * 7 + 3) % 19) / 19,
);

export const lab = defineLabGame({
  initial: { tier: '10', pilot: 'auto' },
  controls: () => [
    {
      kind: 'choice',
      name: 'tier',
      label: 'dev.lab.tier',
      choices: TIER_WEIGHTS.map(({ kind }) =>
        kind === 0
          ? { value: '0', key: 'dev.lab.no_win' }
          : { value: String(kind), text: `${kind}×` },
      ),
    },
    {
      kind: 'choice',
      name: 'pilot',
      label: 'dev.lab.pilot',
      choices: [
        { value: 'auto', key: 'dev.lab.pilot_auto' },
        { value: 'you', key: 'dev.lab.pilot_you' },
      ],
    },
  ],
  round: (pick) => playInstant(rules, {}, [tierFloat(Number(pick.tier)), ...dealing]),
  async play(round, stage) {
    const scene = await asteroidsChannel.whenShown();
    const sim = stage.sim as AsteroidsSimulation;
    const playing = scene.play(round.result.gems as number[]);
    if (stage.pick.pilot !== 'you') stage.everyFrame(() => autopilot(sim));
    await playing;
  },
  shown: ({ sim }) => {
    const round = sim as AsteroidsSimulation;
    if (!round.over) return null;
    const gems = [...round.revealed];
    return { tier: tripleOf(gems), gems };
  },
  expected: ({ result }) => {
    const gems = result.gems as number[];
    return { tier: tripleOf(gems), gems };
  },
  actions: [
    { label: 'games.asteroids.reveal_all', run: () => asteroidsChannel.scene?.revealAll() },
  ],
});
