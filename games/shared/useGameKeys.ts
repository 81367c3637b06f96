import { useEffect, useRef } from 'react';
import { focusOwnsKey } from '../../engine';

/** Should a key press go to the game? Not while the focus is on a control that uses the key. */
export function isGameKey(event: {
  target: EventTarget | null;
  code: string;
  repeat: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
}): boolean {
  if (event.repeat || event.ctrlKey || event.metaKey || event.altKey) return false;
  return !focusOwnsKey(event.target, event.code);
}

/**
 * Page-wide keys of a game panel (KeyboardEvent.code -> handler), e.g. Space to bet. They
 * are ignored while the focused field, button or link uses the key itself (focusOwnsKey).
 */
export function useGameKeys(keys: Record<string, () => void>): void {
  const latest = useRef(keys);
  useEffect(() => {
    latest.current = keys;
  });
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const handler = latest.current[event.code];
      if (!handler || !isGameKey(event)) return;
      event.preventDefault();
      handler();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
