// The dependency direction of docs/developers/architecture.md as one lint rule, so the map and
// the code cannot drift.
import path from 'node:path';

const REACT_PACKAGES = ['react', 'react-dom', '@pixi/react', 'wouter', 'valtio', 'react-i18next'];
const VIEW_PACKAGES = ['pixi.js', 'matter-js', 'howler', 'tweakpane', ...REACT_PACKAGES];
/** The only packages pure rules may use: synchronous, dependency-free, the same everywhere. */
const RULES_PACKAGES = ['@noble/hashes'];

/** A view package a headless file may not import: all of them but matter-js (physics, no DOM). */
const headlessBans = (pkg) => VIEW_PACKAGES.includes(pkg) && pkg !== 'matter-js';

/** Each layer: which files it covers (the first layer that covers a file applies), and what they may not import. */
const LAYERS = [
  {
    name: 'headless engine',
    test: (file) => file.startsWith('engine/headless/'),
    // The engine layer's rule, and no renderer: its runner and entry point run in plain Node.
    packages: (pkg) => headlessBans(pkg) || pkg === 'axios' || pkg === 'i18next',
    folder: (target) => /^(src|games|server)(\/|$)/.test(target),
    why: 'engine/headless/ runs in plain Node: no pixi.js or other view package (matter-js only), no React, and neither src/, games/ nor server/',
  },
  {
    name: 'headless game',
    test: isHeadlessGameFile,
    // What `npm run headless` and the plain-Node test load: no renderer, no DOM. Type-only
    // imports load nothing at run time.
    packages: headlessBans,
    folder: (target) =>
      /^(src|server)(\/|$)/.test(target) ||
      (/^engine(\/|$)/.test(target) && !isHeadlessEngine(target)) ||
      /^games\/[^/]+\/(scene|panel|channel|overlay)(\.tsx?)?$/.test(target),
    why: "a game's simulation.ts, params.ts and headless.ts (and games/shared/headless/) run in plain Node: the engine only through engine/headless/index.ts, no pixi.js or other view package (matter-js only), no scene, panel or channel",
    typesAllowed: true,
  },
  {
    name: 'game rules',
    test: (file) => /^games\/[^/]+\/rules\.ts$/.test(file) || file.startsWith('games/fairness/'),
    // Pure code shared by server, browser and CLI: no view, only games/fairness and the hashes.
    packages: (pkg) => !RULES_PACKAGES.includes(pkg),
    folder: (target) =>
      !(target.startsWith('games/fairness/') || /^games\/[^/]+\/rules(\.ts)?$/.test(target)),
    why: 'games/*/rules.ts and games/fairness/ import only games/fairness/, other rules and @noble/hashes (no other package, no Pixi, no engine, no DOM)',
  },
  {
    name: 'game definition',
    test: isDefinition,
    // Read by the server and the lobby: data, types and lazy loaders only. A static import may
    // bring in rules, contract and other definitions; scenes, panels and assets load lazily.
    packages: () => true,
    folder: (target, dynamic) =>
      dynamic
        ? !target.startsWith('games/')
        : !(
            isDefinition(target) ||
            target.startsWith('games/fairness/') ||
            /^games\/[^/]+\/rules(\.ts)?$/.test(target)
          ),
    why: 'a game definition (game.ts, the registry, the catalog, gameRules) imports statically only rules, games/fairness/ and other definitions; scenes, panels and assets load through import()',
    typesAllowed: true,
  },
  {
    name: 'engine',
    test: (file) => file.startsWith('engine/'),
    packages: (pkg) => REACT_PACKAGES.includes(pkg) || pkg === 'axios' || pkg === 'i18next',
    folder: (target) => /^(src|games|server)(\/|$)/.test(target),
    why: 'engine/ imports neither React nor src/, games/ or server/',
  },
  {
    name: 'games',
    test: (file) => file.startsWith('games/'),
    packages: () => false,
    folder: (target) =>
      /^(src|server)(\/|$)/.test(target) || (/^engine\//.test(target) && !isEngineIndex(target)),
    why: 'games/ imports engine/ only through engine/index.ts (or its renderer-free parts engine/headless/index.ts, engine/preflight.ts) and never src/ or server/',
  },
  {
    name: 'shell',
    test: (file) => file.startsWith('src/'),
    packages: () => false,
    folder: (target) =>
      /^server(\/|$)/.test(target) || (/^engine\//.test(target) && !isEngineIndex(target)),
    why: 'src/ imports engine/ only through engine/index.ts (or engine/headless/index.ts, engine/preflight.ts) and never server/',
  },
  {
    name: 'server',
    test: (file) => file.startsWith('server/'),
    packages: (pkg) => VIEW_PACKAGES.includes(pkg),
    folder: (target) =>
      /^(src|engine)(\/|$)/.test(target) ||
      (target.startsWith('games/') &&
        !(
          target.startsWith('games/fairness/') ||
          /^games\/[^/]+\/rules(\.ts)?$/.test(target) ||
          isDefinition(target)
        )),
    why: 'server/ imports from games/ only rules.ts, games/fairness/ and the definitions (game.ts, registry, catalog, gameRules), and never src/, engine/ or view packages',
  },
];

/** games/<id>/game.ts, games/registry.ts, the kit's catalog and definition types, and every game's rules loaded by id. */
function isDefinition(target) {
  return (
    /^games\/[^/]+\/game(\.ts)?$/.test(target) ||
    /^games\/registry(\.ts)?$/.test(target) ||
    /^games\/shared\/registry\/(catalog|definition|gameRules)(\.ts)?$/.test(target)
  );
}

/**
 * engine/index.ts, its renderer-free part engine/headless/index.ts, or engine/preflight.ts (what a
 * page starts before the engine loads).
 */
function isEngineIndex(target) {
  return (
    target === 'engine' ||
    target === 'engine/' ||
    /^engine\/(index|preflight)(\.ts)?$/.test(target) ||
    isHeadlessEngine(target)
  );
}

/** engine/headless/index.ts: the engine's API without the renderer. */
function isHeadlessEngine(target) {
  return /^engine\/headless(\/|\/index(\.ts)?)?$/.test(target);
}

/** A game's files that run headless, and the kit's headless adapter and rounds (games/shared/headless/). */
function isHeadlessGameFile(file) {
  return (
    /^games\/[^/]+\/(simulation|params|headless)\.ts$/.test(file) ||
    /^games\/shared\/headless\/\w+\.ts$/.test(file)
  );
}

function packageName(source) {
  if (source.startsWith('node:')) return source;
  const parts = source.split('/');
  return source.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

export const layerBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Enforce the dependency direction between src, engine, games and server' },
    schema: [],
    messages: {
      forbidden: "{{layer}} may not import '{{source}}': {{why}}.",
    },
  },
  create(context) {
    const cwd = context.cwd;
    const file = path.relative(cwd, context.filename).split(path.sep).join('/');
    const layer = LAYERS.find((l) => l.test(file));
    if (!layer) return {};

    function check(node, source, { dynamic = false, typeOnly = false } = {}) {
      if (typeof source !== 'string') return;
      if (typeOnly && layer.typesAllowed) return;
      let bad;
      if (source.startsWith('.') || source.startsWith('/')) {
        const abs = path.resolve(path.dirname(context.filename), source);
        const target = path.relative(cwd, abs).split(path.sep).join('/');
        bad = layer.folder(target, dynamic);
      } else {
        bad = layer.packages(packageName(source), dynamic);
      }
      if (bad) {
        context.report({
          node,
          messageId: 'forbidden',
          data: { layer: layer.name, source, why: layer.why },
        });
      }
    }

    const fromSource = (node) =>
      node.source &&
      check(node.source, node.source.value, {
        typeOnly:
          node.importKind === 'type' ||
          node.exportKind === 'type' ||
          (node.specifiers?.length > 0 && node.specifiers.every((s) => s.importKind === 'type')),
      });
    return {
      ImportDeclaration: fromSource,
      ExportNamedDeclaration: fromSource,
      ExportAllDeclaration: fromSource,
      ImportExpression(node) {
        if (node.source.type === 'Literal') {
          check(node.source, node.source.value, { dynamic: true });
        }
      },
    };
  },
};

export default { rules: { 'layer-boundaries': layerBoundaries } };
