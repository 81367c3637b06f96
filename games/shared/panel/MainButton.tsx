import { useRef, type ReactNode } from 'react';

interface Props {
  testId: string;
  disabled?: boolean;
  onClick: () => void;
  /**
   * Acts when pressed rather than when released: for an action against the clock (a cash-out),
   * where a tap whose finger slides, or lands while the page scrolls, is still meant. The click
   * that may follow the press is not a second action; a keyboard's Enter or Space still clicks.
   */
  actOnPress?: boolean;
  children: ReactNode;
}

/** A click this soon after a press that acted belongs to that press. */
const CLICK_AFTER_PRESS_MS = 1_000;

/**
 * A panel's main action that is not its bet form's submit (Start, Cash out): large, and marked
 * for the game page (src/components/game/mainAction.ts), which shows the round when it is pressed.
 */
export function MainButton({ testId, disabled, onClick, actOnPress, children }: Props) {
  const pressedAt = useRef(-Infinity);
  return (
    <button
      type="button"
      className="btn btn--primary btn--block btn--large"
      data-main-action
      data-testid={testId}
      disabled={disabled}
      onPointerDown={
        actOnPress
          ? (event) => {
              if (!event.isPrimary || event.button !== 0) return;
              pressedAt.current = performance.now();
              onClick();
            }
          : undefined
      }
      onClick={() => {
        if (performance.now() - pressedAt.current < CLICK_AFTER_PRESS_MS) return;
        onClick();
      }}
    >
      {children}
    </button>
  );
}
