import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AutoBetFooter } from '../shared/panel/AutoBetFooter';
import { BetPanel } from '../shared/panel/BetPanel';
import { RoundResult } from '../shared/panel/RoundResult';
import type { GamePanelProps } from '../shared/wire/services';
import { useBetRound } from '../shared/round/useBetRound';
import { useSceneActions } from '../shared/scene/useSceneChannel';
import { asteroidsChannel } from './channel';
import game from './game';
import { formatMultiplier } from '../fairness/index';
import { tripleOf } from './rules';

/** An auto-played round shows its rocks this long before they all break. */
const AUTO_REVEAL_MS = 700;

interface Shown {
  gems: number[];
  multiplier: number;
}

/** Asteroids controls: stake, Buy round, Reveal all; auto-play buys and reveals N rounds. */
export default function AsteroidsPanel({ services, onSettled }: GamePanelProps) {
  const { t } = useTranslation();
  const [playing, setPlaying] = useState(false);
  const auto = useRef(false);
  const round = useBetRound<Shown>({
    services,
    onSettled,
    bet: (stakeCents) => ({ path: game.paths.bet, body: { amount: stakeCents / 100 } }),
    animate: async (answer) => {
      const gems = answer.bet.result.gems as number[];
      const multiplier = Number(answer.bet.result.multiplier);
      const scene = await asteroidsChannel.whenShown();
      setPlaying(true);
      // Auto-play shows the rocks a moment; instant mode breaks them all at once.
      const instant = services.feel.get().instant;
      const timer =
        auto.current || instant
          ? setTimeout(() => scene.revealAll(), instant ? 0 : AUTO_REVEAL_MS)
          : null;
      try {
        await scene.play(gems);
      } finally {
        if (timer) clearTimeout(timer);
        setPlaying(false);
      }
      return { gems, multiplier };
    },
  });
  auto.current = round.mode === 'auto';
  useSceneActions(asteroidsChannel, { bet: round.trigger });
  const { last } = round;

  return (
    <BetPanel game={game.id} round={round} services={services}>
      <AutoBetFooter round={round} betLabel={t('games.asteroids.buy')} testId="asteroids-bet" />
      <button
        type="button"
        className="btn btn--secondary btn--block"
        data-testid="asteroids-reveal-all"
        disabled={!playing}
        onClick={() => asteroidsChannel.scene?.revealAll()}
      >
        {t('games.asteroids.reveal_all')}
      </button>
      <p className="game-panel__hint">{t('games.asteroids.keys')}</p>
      <p className="game-panel__touch-hint">{t('games.asteroids.touch')}</p>
      {/* A new round shows no result until it ends; three 1x gems give the stake back. */}
      <RoundResult testId="asteroids-result">
        {last && !playing
          ? last.multiplier > 1
            ? t('games.asteroids.won', { multiplier: formatMultiplier(tripleOf(last.gems)) })
            : last.multiplier === 1
              ? t('games.asteroids.stake_back')
              : t('games.asteroids.lost')
          : ''}
      </RoundResult>
    </BetPanel>
  );
}
