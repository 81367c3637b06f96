/**
 * The host page's first paint (index.html's `#first-paint`: the brand and, on the lobby, its
 * Originals banner, painted before any JavaScript) goes when the app shows its first screen, in
 * the same frame, so the page never shows both nor neither.
 */
export function removeFirstPaint(): void {
  document.getElementById('first-paint')?.remove();
}
