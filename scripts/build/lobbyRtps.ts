import { execFileSync } from 'node:child_process';
import path from 'node:path';
import type { Plugin } from 'vite';

const ID = 'virtual:lobby-rtps';
const RESOLVED = `\0${ID}`;
const root = path.resolve(import.meta.dirname, '..', '..');

/**
 * `virtual:lobby-rtps`: every playable game's example-bet RTP by id, computed from the rules when
 * the app is built (scripts/lobby-rtps.ts). The lobby's tiles used to import every game's rules to
 * work it out: eight chunks, their preloads and their evaluation in the lobby's first seconds.
 */
export function lobbyRtps(): Plugin {
  let code: string | null = null;
  return {
    name: 'casino:lobby-rtps',
    resolveId: (id) => (id === ID ? RESOLVED : null),
    load(id) {
      if (id !== RESOLVED) return null;
      code ??= `export default ${execFileSync(
        process.execPath,
        ['--import', 'tsx', path.join(root, 'scripts', 'lobby-rtps.ts')],
        { cwd: root, encoding: 'utf8' },
      )};`;
      return code;
    },
  };
}
