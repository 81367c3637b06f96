import fs from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..', '..');
const fixtures = path.join(root, 'tests', 'fixtures', 'lint-boundaries');

function listFixtures(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? listFixtures(full) : [full];
  });
}

/** A fixture is linted as if it stood at its place in the repo (or at the path its `// as:` names). */
function virtualPath(file: string, text: string): string {
  const as = /^\/\/ as: (.+)$/m.exec(text)?.[1];
  return path.join(root, as ?? path.relative(fixtures, file));
}

const eslint = new ESLint({ cwd: root });
const cases = listFixtures(fixtures).map((file) => {
  const text = fs.readFileSync(file, 'utf8');
  const expected = /^\/\/ expect: (.+)$/m.exec(text)?.[1] ?? 'clean';
  return { name: path.relative(fixtures, file), file, text, expected };
});

// The first lint pays for ESLint's start (several seconds on a busy machine).
describe('dependency direction lint rules', { timeout: 30_000 }, () => {
  it('has fixtures of both kinds', () => {
    expect(cases.filter((c) => c.expected === 'clean').length).toBeGreaterThan(2);
    expect(cases.filter((c) => c.expected !== 'clean').length).toBeGreaterThan(6);
  });

  it.each(cases)('$name -> $expected', async ({ file, text, expected }) => {
    const [result] = await eslint.lintText(text, { filePath: virtualPath(file, text) });
    const rules = (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
    if (expected === 'clean') {
      expect(rules.filter((r) => /layer-boundaries|no-restricted-globals/.test(r))).toEqual([]);
    } else {
      expect(rules.some((r) => r.endsWith(expected))).toBe(true);
    }
  });
});
