import type { ComponentProps, ReactNode } from 'react';
import type { BetRound } from '../round/useBetRound';
import { StakeControls } from './StakeControls';

type DataAttributes = { [name: `data-${string}`]: string | number | boolean | undefined };

type Props = DataAttributes &
  Omit<ComponentProps<typeof StakeControls>, 'round'> & {
    /** The game's id: the panel's test id is `<id>-panel`. */
    game: string;
    round: ComponentProps<typeof StakeControls>['round'] & Pick<BetRound<unknown>, 'submit'>;
    /** Besides `game-panel`. */
    className?: string;
    children: ReactNode;
  };

/**
 * A bet panel: a form whose submit places the round's bet (or starts auto-bet), busy while the
 * round is locked, with the manual / auto switch and the stake on top of the game's controls.
 */
export function BetPanel(props: Props) {
  const { game, round, services, label, limits, outerIssue, className, children, ...data } = props;
  return (
    <form
      className={className ? `game-panel ${className}` : 'game-panel'}
      data-testid={`${game}-panel`}
      data-busy={round.locked || undefined}
      {...data}
      onSubmit={round.submit}
    >
      <StakeControls
        round={round}
        services={services}
        label={label}
        limits={limits}
        outerIssue={outerIssue}
      />
      {children}
    </form>
  );
}
