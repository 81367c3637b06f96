import { useEffect, useId, useRef, type ReactNode } from 'react';
import { modalShown } from '../state/ui';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), iframe, [tabindex]:not([tabindex="-1"])';

interface Props {
  title: string;
  kind: string;
  /** Escape and the cancel action. */
  onClose: () => void;
  children: ReactNode;
  actions: ReactNode;
  fullScreen?: boolean;
}

/**
 * A modal dialog: labelled by its title, focus moved in and kept inside (Tab wraps), Escape
 * closes, focus returns to where it was when it closes.
 */
export function Dialog({ title, kind, onClose, children, actions, fullScreen }: Props) {
  const titleId = useId();
  const box = useRef<HTMLDivElement>(null);
  const closeRef = useRef(onClose);
  closeRef.current = onClose;

  // The game view pauses its scene meanwhile (src/components/GameView.tsx).
  useEffect(() => modalShown(), []);

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    const first = box.current?.querySelector<HTMLElement>('.dialog__actions button');
    (first ?? box.current)?.focus();
    return () => previous?.focus?.();
  }, []);

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      closeRef.current();
      return;
    }
    if (event.key !== 'Tab' || !box.current) return;
    const items = [...box.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    if (items.length === 0) {
      event.preventDefault();
      return;
    }
    const first = items[0];
    const last = items[items.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last?.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first?.focus();
    }
  };

  return (
    <div className="dialog-backdrop">
      <div
        ref={box}
        className={`dialog dialog--${kind}${fullScreen ? ' dialog--full' : ''}`}
        role={kind === 'warning' || kind === 'error' ? 'alertdialog' : 'dialog'}
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <h2 id={titleId} className="dialog__title">
          {title}
        </h2>
        <div className="dialog__body">{children}</div>
        <div className="dialog__actions">{actions}</div>
      </div>
    </div>
  );
}
