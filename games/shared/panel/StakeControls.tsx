import type { StakeLimits } from '../format/amount';
import { ModeTabs } from './ModeTabs';
import type { GameServices } from '../wire/services';
import { StakeField } from './StakeField';
import type { BetRound } from '../round/useBetRound';

interface Props {
  round: Pick<
    BetRound<unknown>,
    'stakeCents' | 'setStakeCents' | 'setStakeIssue' | 'mode' | 'setMode' | 'autoBet' | 'locked'
  >;
  services: Pick<GameServices, 'balance' | 'isAuthenticated' | 'feel'>;
  /** The stake field's label (default: the amount). */
  label?: string;
  /** The game's stake limits (default: every game's). */
  limits?: StakeLimits;
  /** Why what the stake makes up cannot be bet (see BetAmountInput's `outerIssue`). */
  outerIssue?: string | null;
}

/**
 * The top of a bet panel: the manual / auto switch and the stake, locked while a round runs. A
 * stake that cannot be bet (limits, balance) shows why and keeps the round from betting.
 */
export function StakeControls({ round, ...field }: Props) {
  return (
    <>
      <ModeTabs round={round} />
      <StakeField stake={round} disabled={round.locked} {...field} />
    </>
  );
}
