import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import cors from '@fastify/cors';
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import type { ServerConfig } from '../config';
import { renderHostPage } from './spa';

const RECAPTCHA_SCRIPTS = [
  'https://www.google.com/recaptcha/',
  'https://www.gstatic.com/recaptcha/',
];
const RECAPTCHA_FRAMES = [
  'https://www.google.com/recaptcha/',
  'https://recaptcha.google.com/recaptcha/',
];

export const scriptHash = (code: string) =>
  `'sha256-${createHash('sha256').update(code, 'utf8').digest('base64')}'`;

/** Hashes of the host page's inline scripts (the `window.config` block) as the server sends it. */
function hostPageScriptHashes(config: ServerConfig): string[] {
  const indexFile = path.join(config.distDir, 'index.html');
  if (!fs.existsSync(indexFile)) return [];
  const html = renderHostPage(fs.readFileSync(indexFile, 'utf8'), config);
  return [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) =>
    scriptHash(m[1] ?? ''),
  );
}

function originOf(url: string): string | null {
  try {
    return url ? new URL(url).origin : null;
  } catch {
    return null;
  }
}

/** Helmet's options: a CSP the SPA lives with, and the popup and cross-origin policies. */
function helmetOptions(config: ServerConfig): FastifyHelmetOptions {
  const apiOrigin = originOf(config.appUrlApi);
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...hostPageScriptHashes(config), ...RECAPTCHA_SCRIPTS],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...(apiOrigin ? [apiOrigin] : [])],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'data:', 'blob:', ...(apiOrigin ? [apiOrigin] : [])],
        mediaSrc: ["'self'", 'data:', 'blob:'],
        workerSrc: ["'self'", 'blob:'],
        frameSrc: RECAPTCHA_FRAMES,
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'self'"],
      },
    },
    // The OAuth popup must keep its window.opener across the provider's origin.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    // Images may be served to an app on another origin (APP_URL_API setups).
    crossOriginResourcePolicy: { policy: 'same-site' },
  };
}

/**
 * The headers helmet sets, worked out once. @fastify/helmet builds helmet again on every
 * request (parsing the CSP directives each time, some 30 µs of CPU per request); the headers
 * depend only on the configuration (no CSP nonces here), so they are taken from one request to
 * a throwaway instance and every response gets that same set.
 */
async function securityHeaders(config: ServerConfig): Promise<[string, string][]> {
  const probe = Fastify({ logger: false });
  await probe.register(helmet, helmetOptions(config));
  probe.get('/', async () => '');
  const answer = await probe.inject({ method: 'GET', url: '/' });
  await probe.close();
  const bare = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);
  return Object.entries(answer.headers)
    .filter((entry): entry is [string, string] => typeof entry[1] === 'string')
    .filter(([name]) => !bare.has(name));
}

/**
 * Security headers (helmet) with a CSP the SPA lives with: no 'unsafe-eval' (Pixi v8 generates
 * its uniform uploaders with new Function unless 'pixi.js/unsafe-eval' is imported, which
 * engine/core/pixiExtensions.ts does before the renderer exists), blob: workers and data:/blob:
 * images and sounds; reCAPTCHA's scripts and frame; the docs page is
 * plain 'self'. CORS answers only the app's origin (APP_URL); same-origin needs none.
 */
export async function registerSecurity(app: FastifyInstance): Promise<void> {
  const config = app.config;
  const headers = await securityHeaders(config);
  // On the raw response, as helmet does: answers that bypass the reply (event streams) get them.
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });

  const appOrigin = originOf(config.appUrl);
  await app.register(cors, {
    origin: appOrigin ? [appOrigin] : false,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    // No allowedHeaders: the preflight answers the headers the client asks for (the origin is
    // what is checked), so a header the app starts sending (Idempotency-Key) is never blocked.
    exposedHeaders: ['Retry-After'],
    maxAge: 600,
  });
}
