import type { ReactNode } from 'react';

interface Props {
  testId: string;
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
}

/**
 * A panel's main action that is not its bet form's submit (Start, Cash out): large, and marked
 * for the game page (src/components/game/mainAction.ts), which shows the round when it is pressed.
 */
export function MainButton({ testId, disabled, onClick, children }: Props) {
  return (
    <button
      type="button"
      className="btn btn--primary btn--block btn--large"
      data-main-action
      data-testid={testId}
      disabled={disabled}
      onClick={onClick}
    >
      {children}
    </button>
  );
}
