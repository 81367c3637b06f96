import type { Plugin } from 'vite';
import { withoutLobby } from '../../server/http/firstPaint';

/**
 * `npm run dev`: Vite serves index.html itself, for every path and with no server to fill in
 * the lobby's first paint (server/http/firstPaint.ts), so it is left out; the brand stays.
 */
export function firstPaintInDev(): Plugin {
  return { name: 'first-paint-in-dev', apply: 'serve', transformIndexHtml: withoutLobby };
}
