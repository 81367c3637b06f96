import { useEffect, useRef, useState, type ReactNode } from 'react';
import { whenIdle } from '../app/prefetch';

/**
 * Renders `children` once its place on the page comes on screen, and from then on: what sits
 * below the fold (the live table under a game) costs nothing while the page starts, and a player
 * who never scrolls there never renders or streams it. It watches
 * from when `watchFrom` is true and the browser is next idle: once what is above has its final
 * height (while a game page loads, the table's place is on screen).
 */
export function WhenNear({
  children,
  watchFrom = true,
}: {
  children: ReactNode;
  watchFrom?: boolean;
}) {
  const place = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  const [watching, setWatching] = useState(false);
  useEffect(() => (watchFrom ? whenIdle(() => setWatching(true)) : undefined), [watchFrom]);
  useEffect(() => {
    const element = place.current;
    if (near || !watching || !element) return undefined;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setNear(true);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, watching]);
  return near ? children : <div ref={place} data-when-near={watching ? 'watching' : 'waiting'} />;
}
