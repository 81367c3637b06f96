/**
 * A game panel's main action (Bet / Spin / Drop / Cash out): the button marked
 * data-main-action, or else the panel's large button (each panel's primary button today). The
 * game-page CSS (src/styles.css) puts the same buttons in the phone's bottom bar.
 */
export const MAIN_ACTION = '[data-main-action], .game-panel > .btn--large';

/**
 * Scrolls the page so the whole scene shows below the sticky top bar and above the action that
 * was pressed (when that sits in a fixed bar), if part of it is hidden: a player who scrolled
 * down to the bets sees the round. Nothing moves when the scene is already in view.
 */
export function revealScene(scene: Element, action: Element): void {
  const rect = scene.getBoundingClientRect();
  const topBar = document.querySelector('.topbar');
  const top =
    topBar && getComputedStyle(topBar).position === 'sticky'
      ? topBar.getBoundingClientRect().bottom
      : 0;
  const bottom =
    getComputedStyle(action).position === 'fixed'
      ? action.getBoundingClientRect().top
      : window.innerHeight;
  if (rect.top >= top - 1 && rect.bottom <= bottom + 1) return;
  const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  window.scrollBy({ top: rect.top - top, behavior: reduce ? 'auto' : 'smooth' });
}
