import type { StakeLimits } from './amount';
import { BetAmountInput } from './BetAmountInput';
import { ModeTabs } from './ModeTabs';
import type { GameServices } from './services';
import type { BetRound } from './useBetRound';

interface Props {
  round: Pick<
    BetRound<unknown>,
    'stakeCents' | 'setStakeCents' | 'setStakeIssue' | 'mode' | 'setMode' | 'autoBet' | 'locked'
  >;
  services: Pick<GameServices, 'balance' | 'isAuthenticated'>;
  /** The stake field's label (default: the amount). */
  label?: string;
  /** The game's stake limits (default: every game's). */
  limits?: StakeLimits;
}

/**
 * The top of a bet panel: the manual / auto switch and the stake, locked while a round runs. A
 * stake that cannot be bet (limits, balance) shows why and keeps the round from betting.
 */
export function StakeControls({ round, services, label, limits }: Props) {
  return (
    <>
      <ModeTabs round={round} />
      <BetAmountInput
        label={label}
        cents={round.stakeCents}
        onChange={round.setStakeCents}
        balance={services.balance}
        checkBalance={services.isAuthenticated}
        limits={limits}
        onIssue={round.setStakeIssue}
        disabled={round.locked}
      />
    </>
  );
}
