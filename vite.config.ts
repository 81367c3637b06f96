import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { axiosXhrOnly } from './scripts/build/axiosXhrOnly';
import { firstPaintInDev } from './scripts/build/firstPaintInDev';
import { lazyPixiStart } from './scripts/build/lazyPixiStart';
import { lobbyRtps } from './scripts/build/lobbyRtps';
import { localeParts } from './scripts/build/localeParts';
import { noWebGpu } from './scripts/build/noWebGpu';
import { precompress } from './scripts/build/precompress';
import { staticGraphOf } from './scripts/build/staticGraph';
import { stylesheetFirst } from './scripts/build/stylesheetFirst';

/** matter-js and the engine modules built on it (the wireframe is drawn by the engine itself). */
const PHYSICS_MODULES =
  /[\\/](node_modules[\\/]matter-js[\\/]|engine[\\/]physics[\\/](?!wireframe))/;

const apiTarget = process.env.API_PROXY_TARGET ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [
    react(),
    firstPaintInDev(),
    localeParts(),
    lobbyRtps(),
    axiosXhrOnly(),
    lazyPixiStart(),
    noWebGpu(),
    stylesheetFirst(),
    precompress(),
  ],
  build: {
    outDir: 'dist',
    manifest: true,
    // Every supported browser has <link rel=modulepreload>: no polyfill in the entry.
    modulePreload: { polyfill: false },
    sourcemap: true,
    chunkSizeWarningLimit: 1200,
    // Brotli at its best quality (the precompress plugin) is most of the build, on purpose.
    rolldownOptions: {
      checks: { bundlerTimings: false },
      // Evaluating them does nothing but define what they export (matter-js's CommonJS wrapper
      // included): a page that uses none of it need not load or run it.
      treeshake: { moduleSideEffects: [{ test: PHYSICS_MODULES, sideEffects: false }] },
      output: {
        codeSplitting: {
          groups: [
            {
              // Pixi and its own dependencies in one chunk (it was some 25, split by which game
              // uses what): every game page loads nearly all of it anyway, and each chunk was a
              // request and a <link rel=modulepreload> the preload helper inserted on the way.
              // Not its dependencies' dependencies: eventemitter3 is the lobby's too.
              name: 'pixi',
              test: /[\\/]node_modules[\\/](pixi\.js|@pixi[\\/]colord|earcut|parse-svg-path|tiny-lru|ismobilejs)[\\/]/,
              includeDependenciesRecursively: false,
            },
            {
              // Everything the app's entry imports statically, in one chunk beside the entry's.
              name: staticGraphOf(/[\\/]src[\\/]main\.tsx$/, 'app'),
              priority: -1,
              includeDependenciesRecursively: false,
            },
            {
              // And what a game page adds to it, in one chunk beside the game page's.
              name: staticGraphOf(/[\\/]src[\\/]pages[\\/]GamePage\.tsx$/, 'gamePageDeps'),
              priority: -2,
              includeDependenciesRecursively: false,
            },
            {
              // And the game kit's and the shell's parts that every game's panel imports, in one
              // chunk for all of them (the engine, Pixi, physics and sound keep their own; a
              // package's own src/ folder is not the app's: earcut's is Pixi's).
              name: staticGraphOf(
                /[\\/]games[\\/][^\\/]+[\\/]panel\.tsx$/,
                'gameKit',
                /^(?!.*[\\/]node_modules[\\/]).*[\\/](games[\\/]shared|src)[\\/]/,
              ),
              priority: -3,
              includeDependenciesRecursively: false,
            },
            {
              // matter-js and the engine's physics in one chunk, loaded by the games with a
              // physics world only: shared with the engine's other modules, its CommonJS wrapper
              // was evaluated on every game page (about 90 ms at 4x, for nothing on six of eight).
              name: 'physics',
              test: PHYSICS_MODULES,
            },
            {
              // The lobby's catalog (the registry, every game.ts and the kit's definition) in one
              // chunk: each game.ts alone would be one more small request on a phone's first load.
              name: 'catalog',
              test: /[\\/]games[\\/](registry|[^\\/]+[\\/]game|shared[\\/]registry[\\/](catalog|definition))\.ts$/,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
});
