import type { StakeIssue, StakeLimits } from '../format/amount';
import { BetAmountInput } from './BetAmountInput';
import type { GameServices } from '../wire/services';
import { PlayOptions } from './PlayOptions';

/** What a round keeps of its stake (useBetRound's, useSteppedGame's). */
export interface RoundStake {
  stakeCents: number;
  setStakeCents(cents: number): void;
  /** Why the typed stake cannot be bet; while there is a reason the round places nothing. */
  setStakeIssue(issue: StakeIssue | null): void;
}

interface Props {
  stake: RoundStake;
  services: Pick<GameServices, 'balance' | 'isAuthenticated' | 'feel'>;
  disabled: boolean;
  /** The field's label (default: the amount). */
  label?: string;
  /** The game's stake limits (default: every game's). */
  limits?: StakeLimits;
  /** Why what the stake makes up cannot be bet (see BetAmountInput's `outerIssue`). */
  outerIssue?: string | null;
}

/**
 * A round's stake field, checked on the balance of a signed-in player, with the instant switch
 * and the key sheet under it (every panel has a stake field, so every panel has them).
 */
export function StakeField({ stake, services, ...field }: Props) {
  return (
    <>
      <BetAmountInput
        {...field}
        cents={stake.stakeCents}
        onChange={stake.setStakeCents}
        balance={services.balance}
        checkBalance={services.isAuthenticated}
        onIssue={stake.setStakeIssue}
      />
      <PlayOptions services={services} />
    </>
  );
}
