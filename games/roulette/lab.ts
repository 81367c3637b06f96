// Roulette in the scene lab (games/shared/lab/adapter.ts): pick the pocket; the rules spin it
// (a chip on red) and the wheel turns until the ball rests in it. The pocket is read from where
// the ball came to rest on the wheel.
import { defineLabGame, floatPicking, numberChoices, playInstant } from '../shared/lab/adapter';
import { rouletteChannel } from './channel';
import { ROULETTE, rules } from './rules';
import type { RouletteSimulation } from './simulation';

export const lab = defineLabGame({
  initial: { pocket: '17' },
  controls: () => [
    {
      kind: 'choice',
      name: 'pocket',
      label: 'dev.lab.pocket',
      choices: numberChoices(0, ROULETTE.pockets - 1),
    },
  ],
  round: (pick) =>
    playInstant(rules, { bets: rules.params.bets!.default }, [
      floatPicking(Number(pick.pocket), ROULETTE.pockets),
    ]),
  async play(round, stage) {
    const scene = await rouletteChannel.whenShown();
    scene.configure({
      bets: [],
      chipCents: 0,
      locked: true,
      over: false,
      labels: {
        dozens: [
          stage.t('games.roulette.felt_dozen_1'),
          stage.t('games.roulette.felt_dozen_2'),
          stage.t('games.roulette.felt_dozen_3'),
        ],
        low: '1–18',
        high: '19–36',
        even: stage.t('games.roulette.felt_even'),
        odd: stage.t('games.roulette.felt_odd'),
        total: stage.t('games.roulette.felt_total'),
        chip: stage.t('games.roulette.felt_chip'),
      },
    });
    await scene.spin(Number(round.result.pocket));
  },
  shown: ({ sim }) => {
    const pocket = (sim as RouletteSimulation).settledPocket;
    return pocket === null ? null : { pocket };
  },
  expected: (round) => ({ pocket: Number(round.result.pocket) }),
});
