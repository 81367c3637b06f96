import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { brokenReferences, headingAnchor } from '../../support/docReferences';

const root = path.resolve(import.meta.dirname, '../../..');
const tracked = execFileSync('git', ['ls-files', '-co', '--exclude-standard', '-z'], {
  cwd: root,
  encoding: 'utf8',
})
  .split('\0')
  .filter((file) => file && fs.existsSync(path.join(root, file)));
const trackedSet = new Set(tracked);
const folders = new Set(
  tracked.flatMap((file) =>
    file
      .split('/')
      .slice(0, -1)
      .map((_, i, parts) => parts.slice(0, i + 1).join('/')),
  ),
);
const names = new Set(tracked.map((file) => path.basename(file)));
const project = {
  has: (repoPath: string) => trackedSet.has(repoPath) || folders.has(repoPath),
  hasFileNamed: (name: string) => names.has(name),
};
/** Text a reader or a maintainer reads; fixtures (and this check's) name missing files on purpose. */
const TEXT = /\.(md|ts|tsx|mjs|js|tmpl|css|html|sh)$/;
const ON_PURPOSE = ['tests/fixtures/', 'tests/unit/docs/', 'tests/support/docReferences.ts'];
const READ = tracked.filter(
  (file) => TEXT.test(file) && !ON_PURPOSE.some((prefix) => file.startsWith(prefix)),
);

describe("the project's references", () => {
  it('every link and cited path leads to something in the project, nothing outside it', () => {
    const broken = brokenReferences(root, READ, project).map(
      ({ file, line, target, why }) => `${file}:${line} ${target} (${why})`,
    );
    expect(broken).toEqual([]);
  });

  it('README.md stays a front page: at most 200 lines', () => {
    const lines = fs.readFileSync(path.join(root, 'README.md'), 'utf8').trimEnd().split('\n');
    expect(lines.length).toBeLessThanOrEqual(200);
  });

  it('every game folder has its README', () => {
    const games = fs
      .readdirSync(path.join(root, 'games'))
      .filter((id) => fs.existsSync(path.join(root, 'games', id, 'game.ts')));
    expect(games.length).toBeGreaterThanOrEqual(8);
    expect(games.filter((id) => !fs.existsSync(path.join(root, 'games', id, 'README.md')))).toEqual(
      [],
    );
  });
});

describe('the reference check', () => {
  const tree = fs.mkdtempSync(path.join(os.tmpdir(), 'casino-refs-'));
  afterAll(() => fs.rmSync(tree, { recursive: true, force: true }));
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(tree, file)), { recursive: true });
    fs.writeFileSync(path.join(tree, file), text);
  };
  write('docs/a.md', '# Who reads this\n\n## The `bet` path\n');
  write('games/dice/rules.ts', '// see docs/a.md\n');
  const present = new Set(['docs', 'docs/a.md', 'games', 'games/dice', 'games/dice/rules.ts']);
  const check = (file: string, text: string) => {
    write(file, text);
    const fixture = {
      has: (p: string) => present.has(p),
      hasFileNamed: (name: string) => [...present].some((p) => path.basename(p) === name),
    };
    return brokenReferences(tree, [file], fixture).map(({ target, why }) => [target, why]);
  };

  it('passes links, headings and paths that exist', () => {
    const text = '[a](a.md) [b](a.md#the-bet-path) [c](../games/dice/rules.ts) games/dice/rules\n';
    expect(check('docs/ok.md', text)).toEqual([]);
    expect(check('docs/web.md', '[web](https://example.com/x.md) games/<id>/rules.ts\n')).toEqual(
      [],
    );
  });

  it('fails on a broken link, a missing heading, a missing path and a file outside', () => {
    expect(check('docs/bad-link.md', 'see [b](b.md)\n')).toEqual([
      ['b.md', 'link to a missing file'],
    ]);
    expect(check('docs/bad-anchor.md', '[a](a.md#nowhere)\n')).toEqual([
      ['a.md#nowhere', 'link to a missing heading'],
    ]);
    expect(check('docs/up.md', '[x](../../outside.md)\n')).toEqual([
      ['../../outside.md', 'link to a missing file'],
    ]);
    expect(check('games/dice/x.ts', '// see games/dice/gone.ts and RULES-BESIDE.md\n')).toEqual([
      ['RULES-BESIDE.md', 'a file outside the project'],
      ['games/dice/gone.ts', 'no such path in the project'],
    ]);
    expect(check('docs/beside.md', 'as ../shared/spec/the-spec.md says; see a.md\n')).toEqual([
      ['../shared/spec/the-spec.md', 'a file outside the project'],
    ]);
  });

  it('makes anchors as GitHub does', () => {
    expect(headingAnchor('Cluster mode (WEB_CONCURRENCY)')).toBe('cluster-mode-web_concurrency');
    expect(headingAnchor('Kit, channel & wire')).toBe('kit-channel--wire');
  });
});
