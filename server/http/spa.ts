import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { ServerConfig } from '../config';
import { LOCALES } from '../i18n/messages';
import { PLAYABLE_GAMES, gamePath, gameTitleKey } from '../../games/shared/registry/catalog';
import {
  DEFAULT_LOCALE,
  firstPaintLocale,
  hasSessionCookie,
  withGame,
  withLobby,
  withoutLobby,
} from './firstPaint';
import { escapeHtml, jsonInScript } from './html';

const CONFIG_BLOCK = /<script id="app-config">[\s\S]*?<\/script>/;

/** The host page with `window.config` filled from the server's environment (spec section 1). */
export function renderHostPage(html: string, config: ServerConfig): string {
  const hostConfig = {
    appUrlApi: config.appUrlApi,
    // Only a configured APP_URL: unset, the SPA uses its own location (never a request header).
    appUrl: config.appUrlIsDefault ? '' : config.appUrl,
    recaptchaSiteKey: config.recaptchaSiteKey,
    appName: config.appName,
    locale: DEFAULT_LOCALE,
    locales: [...LOCALES],
  };
  const json = jsonInScript(hostConfig);
  return html
    .replace(CONFIG_BLOCK, `<script id="app-config">window.config = ${json};</script>`)
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(config.appName)}</title>`)
    .replace(
      /<span class="topbar__app-name">[^<]*<\/span>/,
      `<span class="topbar__app-name">${escapeHtml(config.appName)}</span>`,
    );
}

/**
 * Serves the built SPA: hashed assets with long caching, and index.html for every other GET that
 * is not under /api (history-mode fallback). Unknown /api paths answer a JSON 404.
 */
export async function registerSpa(app: FastifyInstance, config: ServerConfig): Promise<void> {
  const indexFile = path.join(config.distDir, 'index.html');
  const built = fs.existsSync(indexFile);
  if (!built) {
    app.log.warn(`No built SPA at ${config.distDir}: run 'npm run build' (npm start does it).`);
  }
  const hostPage = built ? renderHostPage(fs.readFileSync(indexFile, 'utf8'), config) : undefined;
  // The lobby's host page paints its banner in the locale the app will start in, a game's its
  // header and stage (with a guest's note or without); every other page's paints the brand alone
  // (firstPaint.ts). Made once, at start.
  const otherPage = hostPage && withoutLobby(hostPage);
  const lobbyPages = new Map(
    hostPage ? LOCALES.map((locale) => [locale, withLobby(hostPage, locale)]) : [],
  );
  const gamePages = new Map(
    hostPage
      ? PLAYABLE_GAMES.flatMap((game) =>
          LOCALES.flatMap((locale) =>
            [true, false].map((guest) => [
              `${gamePath(game)} ${locale} ${guest}`,
              withGame(hostPage, gameTitleKey(game), locale, guest),
            ]),
          ),
        )
      : [],
  );

  if (built) {
    await app.register(fastifyStatic, {
      root: config.distDir,
      index: false,
      // A route per file, made at start (0.3 s). The one wildcard route instead checks each
      // request's spelling against the folder's listing: two readdir() of the build (886 files)
      // per asset request, more CPU in a browser test run than every start saves.
      wildcard: false,
      // The build writes <file>.br and <file>.gz (scripts/build/precompress.ts): the best one the
      // client accepts is sent as it is, with Content-Encoding and Vary: Accept-Encoding.
      preCompressed: true,
      // The built index.html holds the build-time config block (not in the CSP): every page
      // request, /index.html too, gets the host page rendered from the environment instead.
      allowedPath: (pathName) => !pathName.endsWith('.html'),
      setHeaders(reply, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          reply.header('Cache-Control', 'public, max-age=31536000, immutable');
        }
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    if (pathname === '/api' || pathname.startsWith('/api/')) {
      return reply.code(404).send({ message: 'Not found.' });
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return reply.code(404).send({ message: 'Not found.' });
    }
    // A missing hashed asset is a real 404, not the SPA (a stale chunk must fail so the shell reloads).
    if (pathname.startsWith('/assets/') || !hostPage) {
      return reply.code(404).type('text/plain').send('Not found');
    }
    reply.code(200).header('Cache-Control', 'no-cache').type('text/html');
    const { cookie } = request.headers;
    const locale = firstPaintLocale(cookie);
    const gamePage = gamePages.get(`${pathname} ${locale} ${!hasSessionCookie(cookie)}`);
    if (pathname !== '/' && !gamePage) return reply.send(otherPage);
    return reply.header('Vary', 'Cookie').send(gamePage ?? lobbyPages.get(locale));
  });
}
