import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { getEngine } from '../../../engine/index';
import { formatMoney, formatMultiplier } from '../format/amount';
import {
  celebrationEnded,
  currentCelebration,
  subscribeCelebrations,
  type Celebration,
} from './celebrations';
import { countedCents, INSTANT_TIMING, TIMING } from './counter';
import { burst, flash, pop } from './effects';
import './celebration.css';

const TITLE = {
  win: 'game.celebration.win',
  big: 'game.celebration.big',
  huge: 'game.celebration.huge',
} as const;

/**
 * The win celebration over the game's scene (the game page's scene slot): the celebration the
 * round kit started (celebrations.ts), until it ends or the next bet cuts it short.
 */
export function WinCelebration() {
  const shown = useSyncExternalStore(subscribeCelebrations, currentCelebration, () => null);
  return shown ? <CelebrationView key={shown.id} celebration={shown} /> : null;
}

/**
 * One celebration: the payout counting up (eased; at once in instant mode), held, then faded
 * out; particles and a flash when the round kit got them from engine.motion. Everything it starts
 * ends with it: no frame, timer or animation outlives it.
 */
function CelebrationView({ celebration }: { celebration: Celebration }) {
  const { t } = useTranslation();
  const root = useRef<HTMLDivElement>(null);
  const amount = useRef<HTMLSpanElement>(null);
  const particles = useRef<HTMLDivElement>(null);
  const flashLayer = useRef<HTMLDivElement>(null);
  const card = useRef<HTMLDivElement>(null);
  const { id, tier, payoutCents, stakeCents, instant, cut } = celebration;

  useEffect(() => {
    const { burst: bursts, flash: flashes } = celebration;
    const timing = instant ? INSTANT_TIMING : TIMING[tier];
    const shown = root.current!;
    const show = (cents: number) => (amount.current!.textContent = formatMoney(cents / 100));
    let frame = 0;
    const timers: number[] = [];
    const hold = () => {
      show(payoutCents);
      shown.dataset.phase = 'shown';
      timers.push(
        window.setTimeout(() => {
          shown.dataset.phase = 'leaving';
          timers.push(window.setTimeout(() => celebrationEnded(id), timing.fadeMs));
        }, timing.holdMs),
      );
    };
    const started = performance.now();
    const count = (now: number) => {
      const elapsed = now - started;
      if (elapsed >= timing.countMs) return hold();
      show(countedCents(payoutCents, elapsed, timing.countMs));
      frame = requestAnimationFrame(count);
    };
    shown.style.setProperty('--fade-ms', `${timing.fadeMs}ms`);
    if (timing.countMs > 0) count(started);
    else hold();
    const stops = [
      bursts ? burst(particles.current!, tier) : null,
      flashes ? flash(flashLayer.current!) : null,
      !instant && !getEngine().motion.reduced ? pop(card.current!) : null,
    ];
    return () => {
      cancelAnimationFrame(frame);
      timers.forEach((timer) => window.clearTimeout(timer));
      stops.forEach((stop) => stop?.());
    };
    // One run per celebration: the key is its id.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // The next bet began: the celebration ends at once.
  useEffect(() => {
    if (cut) celebrationEnded(id);
  }, [cut, id]);

  return (
    <div
      ref={root}
      className={`win-celebration win-celebration--${tier}`}
      data-testid="win-celebration"
      data-tier={tier}
      data-phase="counting"
      data-payout-cents={payoutCents}
      data-burst={celebration.burst}
      data-flash={celebration.flash}
      aria-hidden="true"
    >
      <div ref={flashLayer} className="win-celebration__flash" />
      <div ref={particles} className="win-celebration__particles" />
      <div ref={card} className="win-celebration__card">
        <span className="win-celebration__title">{t(TITLE[tier])}</span>
        <span ref={amount} className="win-celebration__amount" data-testid="win-amount">
          {formatMoney(instant ? payoutCents / 100 : 0)}
        </span>
        <span className="win-celebration__multiplier">
          {formatMultiplier(payoutCents / stakeCents)}
        </span>
      </div>
    </div>
  );
}
