import { useEffect, useRef } from 'react';

/** Elements whose own keys (Space/Enter activate, typing) must never bet. */
const OWN_KEYS =
  'input, textarea, select, button, a[href], [contenteditable=""], [contenteditable=true], [role=button], [role=slider]';

/** Should a key press go to the game? Not while the focus is on a control that uses the key. */
export function isGameKey(event: {
  target: EventTarget | null;
  repeat: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
}): boolean {
  if (event.repeat || event.ctrlKey || event.metaKey || event.altKey) return false;
  const target = event.target as { closest?: (selector: string) => unknown } | null;
  return !target?.closest?.(OWN_KEYS);
}

/**
 * Page-wide keys of a game panel (KeyboardEvent.code -> handler), e.g. Space to bet. They
 * are ignored while a field, button or link has the focus, so those keep their own keys.
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
