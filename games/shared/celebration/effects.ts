// The celebration's one-off effects in the page (Web Animations): a burst of particles and a
// flash. Each animation runs once and leaves nothing running or filled after it ends.
import type { WinTier } from './tiers';

/** Particles of a burst: more for a bigger win. */
const PARTICLES: Readonly<Record<WinTier, number>> = { win: 0, big: 18, huge: 36 };
const COLOURS = ['#ffd34d', '#ffb020', '#fff1b8', '#7ee0ff', '#ff7ad1'];

/** Fires a burst of particles from the centre of `layer`; answers the cancel (unmount). */
export function burst(layer: HTMLElement, tier: WinTier): () => void {
  const animations: Animation[] = [];
  const count = PARTICLES[tier];
  for (let i = 0; i < count; i++) {
    const particle = document.createElement('span');
    particle.className = 'win-celebration__particle';
    particle.style.background = particle.style.color = COLOURS[i % COLOURS.length]!;
    layer.append(particle);
    const angle = (i / count) * 2 * Math.PI + Math.random() * 0.5;
    // In cqw / cqh, shares of the scene's width and height from its centre: the particles stay
    // inside the scene's box (none lands outside a phone's screen, even clipped).
    const reach = 28 + Math.random() * 16;
    const x = Math.cos(angle) * reach;
    const y = Math.sin(angle) * reach;
    const fall = Math.min(y + 8, 44);
    animations.push(
      particle.animate(
        [
          { transform: 'translate(0, 0) rotate(0) scale(0.6)', opacity: 0 },
          {
            transform: `translate(${x * 0.3}cqw, ${y * 0.3}cqh) scale(1.2)`,
            opacity: 1,
            offset: 0.12,
          },
          {
            transform: `translate(${x}cqw, ${y}cqh) rotate(240deg) scale(1)`,
            opacity: 1,
            offset: 0.6,
          },
          { transform: `translate(${x}cqw, ${fall}cqh) rotate(400deg) scale(0.5)`, opacity: 0 },
        ],
        { duration: 1100 + Math.random() * 500, easing: 'cubic-bezier(0.2, 0.7, 0.3, 1)' },
      ),
    );
  }
  return () => {
    animations.forEach((animation) => animation.cancel());
    layer.replaceChildren();
  };
}

/** One brief flash over the scene (a single one: far from the three a second that can harm). */
export function flash(element: HTMLElement): () => void {
  const animation = element.animate([{ opacity: 0.55 }, { opacity: 0 }], {
    duration: 320,
    easing: 'ease-out',
  });
  return () => animation.cancel();
}

/** The banner springs in (left out under reduced motion and in instant mode). */
export function pop(element: HTMLElement): () => void {
  const animation = element.animate(
    [
      { transform: 'scale(0.5)' },
      { transform: 'scale(1.12)', offset: 0.7 },
      { transform: 'scale(1)' },
    ],
    { duration: 420, easing: 'ease-out' },
  );
  return () => animation.cancel();
}
