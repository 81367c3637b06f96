import { useEffect, useState } from 'react';
import { Link, useSearch } from 'wouter';
import type { Engine } from '../../../engine';
import { GameView } from '../../components/GameView';

const SCENES = ['demo', 'physics'] as const;

/**
 * Developer page for the engine's own tests and benchmark: `/dev/engine?scene=demo&count=2000`
 * (scene: demo or physics; count: sprites of the demo). Not translated: it is not a player page.
 */
export default function EngineDemoPage() {
  const search = new URLSearchParams(useSearch());
  const requested = search.get('scene') ?? 'demo';
  const scene = (SCENES as readonly string[]).includes(requested) ? requested : 'demo';
  const count = Number(search.get('count'));
  const data = scene === 'demo' && Number.isInteger(count) && count > 0 ? { count } : {};
  const [progress, setProgress] = useState(0);
  const [state, setState] = useState<'loading' | 'shown' | 'failed'>('loading');
  const [stats, setStats] = useState('');

  useEffect(() => {
    setState('loading');
  }, [scene]);

  useEffect(() => {
    if (state !== 'shown') return;
    const timer = setInterval(() => {
      const s = window.__engine?.stats();
      if (s)
        setStats(
          `${s.fps.toFixed(0)} fps · frame p95 ${s.frameMs.p95} ms · draw calls ${s.drawCalls}`,
        );
    }, 500);
    return () => clearInterval(timer);
  }, [state]);

  const shown = (engine: Engine) => {
    // The count from the URL also becomes the tweak panel's value.
    if (data.count) engine.scenes.setParams({ count: data.count });
    setState('shown');
  };

  return (
    <main className="page engine-demo" data-screen="engine-demo" data-state={state}>
      <nav className="engine-demo__nav">
        {SCENES.map((id) => (
          <Link key={id} href={`/dev/engine?scene=${id}`} data-testid={`engine-link-${id}`}>
            {id}
          </Link>
        ))}{' '}
        <Link href="/" data-testid="engine-link-home">
          lobby
        </Link>
      </nav>
      <progress max={1} value={progress} aria-label="loading" hidden={state !== 'loading'} />
      <div style={{ height: '70vh' }}>
        <GameView
          scene={scene}
          data={data}
          onProgress={setProgress}
          onShown={shown}
          onError={() => setState('failed')}
        />
      </div>
      <p className="muted" aria-live="off">
        {stats}
      </p>
    </main>
  );
}
