// The typed translation keys: src/i18n/resources.d.ts matches locales/en.json, and with it the
// typecheck refuses a t() key en.json lacks and a wrong or missing {{interpolation}} name.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..', '..');

/** Each probe line and whether the typecheck must refuse it. */
const PROBES: [string, 'ok' | 'error'][] = [
  ["i18next.t('game.amount');", 'ok'],
  ["i18next.t('ranking.of_total', { total: 3 });", 'ok'],
  ["i18next.t('footer.copyright', { year: 2026, app: 'Casino' });", 'ok'],
  ["i18next.t('footer.copyright', { year: 2026 });", 'error'],
  ["i18next.t('game.no_such_key');", 'error'],
  ["i18next.t('ranking.of_total', { count: 3 });", 'error'],
  ["i18next.t('ranking.of_total');", 'error'],
  ["const key: StaticKey = 'ranking.of_total';", 'error'],
  // A plural message (bets_made_one / _other) takes its count.
  ["i18next.t('fairness.bets_made', { count: 3 });", 'ok'],
  ["const title: StaticKey = 'game.amount';", 'ok'],
];

describe('typed translation keys', () => {
  it('src/i18n/resources.d.ts is generated from the current locales/en.json', () => {
    const check = spawnSync(process.execPath, ['scripts/i18n-types.mjs', '--check'], {
      cwd: root,
      encoding: 'utf8',
    });
    expect(check.stderr).toBe('');
    expect(check.status).toBe(0);
  });

  it(
    'the typecheck refuses an unknown key and a wrong interpolation name',
    { timeout: 30_000 },
    () => {
      const dir = path.join(root, '.tmp', 'i18n-probe');
      fs.mkdirSync(dir, { recursive: true });
      const probe = path.join(dir, 'probe.ts');
      const header = [
        "import i18next from 'i18next';",
        "import type { StaticKey } from '../../src/i18n/keys';",
        'export function probe() {',
      ];
      fs.writeFileSync(
        probe,
        [...header, ...PROBES.map(([line]) => `  ${line}`), '}', ''].join('\n'),
      );
      // The project's strictness on just the probe and the i18next types (no DOM lib: faster).
      const program = ts.createProgram({
        rootNames: [probe, path.join(root, 'src', 'i18n', 'i18next.d.ts')],
        options: {
          strict: true,
          noEmit: true,
          skipLibCheck: true,
          target: ts.ScriptTarget.ES2022,
          lib: ['lib.es2023.d.ts'],
          module: ts.ModuleKind.ESNext,
          moduleResolution: ts.ModuleResolutionKind.Bundler,
          resolveJsonModule: true,
          types: [],
        },
      });
      const errorLines = new Set(
        ts
          .getPreEmitDiagnostics(program, program.getSourceFile(probe))
          .filter((d) => d.file?.fileName === probe && d.start !== undefined)
          .map((d) => d.file!.getLineAndCharacterOfPosition(d.start!).line - header.length),
      );
      const verdicts = PROBES.map(([line], i) => [line, errorLines.has(i) ? 'error' : 'ok']);
      expect(verdicts).toEqual(PROBES);
    },
  );
});
