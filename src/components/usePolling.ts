import { useEffect, useRef, useState } from 'react';

const shown = () => typeof document === 'undefined' || !document.hidden;

/** Whether the browser tab is shown (false while it is in the background or minimised). */
function usePageVisible(): boolean {
  const [visible, setVisible] = useState(shown);
  useEffect(() => {
    const onChange = () => setVisible(shown());
    document.addEventListener('visibilitychange', onChange);
    return () => document.removeEventListener('visibilitychange', onChange);
  }, []);
  return visible;
}

/**
 * Keeps a view of something that moves on its own (a transfer being confirmed): `load` runs
 * again each time the tab is shown again, and every `intervalMs` while `moving` and the tab is
 * shown. No timer runs otherwise. The caller loads the first time itself.
 */
export function usePolling(load: () => void, moving: boolean, intervalMs = 5000): void {
  const visible = usePageVisible();
  const latest = useRef(load);
  const wasVisible = useRef(visible);
  useEffect(() => {
    latest.current = load;
  });

  useEffect(() => {
    if (visible && !wasVisible.current) latest.current();
    wasVisible.current = visible;
  }, [visible]);

  useEffect(() => {
    if (!moving || !visible) return;
    const timer = window.setInterval(() => latest.current(), intervalMs);
    return () => window.clearInterval(timer);
  }, [moving, visible, intervalMs]);
}
