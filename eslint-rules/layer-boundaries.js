// The dependency direction of ARCHITECTURE.md as one lint rule, so the map and the code cannot drift.
import path from 'node:path';

const REACT_PACKAGES = ['react', 'react-dom', '@pixi/react', 'wouter', 'valtio', 'react-i18next'];
const VIEW_PACKAGES = ['pixi.js', 'matter-js', 'howler', 'tweakpane', ...REACT_PACKAGES];

/** Each layer: which files it covers, and what they may not import. */
const LAYERS = [
  {
    name: 'game rules',
    test: (file) => /^games\/[^/]+\/rules\.ts$/.test(file) || file.startsWith('games/fairness/'),
    // Pure code shared by server, browser and CLI: no package, no view, only games/fairness.
    packages: () => true,
    folder: (target) =>
      !(target.startsWith('games/fairness/') || /^games\/[^/]+\/rules(\.ts)?$/.test(target)),
    why: 'games/*/rules.ts and games/fairness/ import only games/fairness/ and other rules (no package, no Pixi, no engine, no DOM)',
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
    why: 'games/ imports engine/ only through engine/index.ts and never src/ or server/',
  },
  {
    name: 'shell',
    test: (file) => file.startsWith('src/'),
    packages: () => false,
    folder: (target) =>
      /^server(\/|$)/.test(target) || (/^engine\//.test(target) && !isEngineIndex(target)),
    why: 'src/ imports engine/ only through engine/index.ts and never server/',
  },
  {
    name: 'server',
    test: (file) => file.startsWith('server/'),
    packages: (pkg) => VIEW_PACKAGES.includes(pkg),
    folder: (target) =>
      /^(src|engine)(\/|$)/.test(target) ||
      (target.startsWith('games/') &&
        !(target.startsWith('games/fairness/') || /^games\/[^/]+\/rules(\.ts)?$/.test(target))),
    why: 'server/ imports from games/ only rules.ts and games/fairness/, and never src/, engine/ or view packages',
  },
];

function isEngineIndex(target) {
  return target === 'engine' || target === 'engine/' || /^engine\/index(\.ts)?$/.test(target);
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

    function check(node, source) {
      if (typeof source !== 'string') return;
      let bad;
      if (source.startsWith('.') || source.startsWith('/')) {
        const abs = path.resolve(path.dirname(context.filename), source);
        const target = path.relative(cwd, abs).split(path.sep).join('/');
        bad = layer.folder(target);
      } else {
        bad = layer.packages(packageName(source));
      }
      if (bad) {
        context.report({
          node,
          messageId: 'forbidden',
          data: { layer: layer.name, source, why: layer.why },
        });
      }
    }

    const fromSource = (node) => node.source && check(node.source, node.source.value);
    return {
      ImportDeclaration: fromSource,
      ExportNamedDeclaration: fromSource,
      ExportAllDeclaration: fromSource,
      ImportExpression(node) {
        if (node.source.type === 'Literal') check(node.source, node.source.value);
      },
    };
  },
};

export default { rules: { 'layer-boundaries': layerBoundaries } };
