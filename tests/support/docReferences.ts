/**
 * What the project's text points at: relative links in Markdown and repository paths cited in
 * docs and comments. `brokenReferences` lists those that lead nowhere in a tree.
 */
import fs from 'node:fs';
import path from 'node:path';

export interface BrokenReference {
  file: string;
  line: number;
  target: string;
  why: string;
}

/** Top-level folders whose paths the text cites (`games/dice/rules.ts`, `docs/speed.md`). */
const CITED_ROOTS = [
  'assets',
  'docs',
  'engine',
  'eslint-rules',
  'games',
  'locales',
  'public',
  'scripts',
  'server',
  'src',
  'tests',
];
const CITED_PATH = new RegExp(
  `(?<![\\w./@-])((?:${CITED_ROOTS.join('|')})/[\\w./@-]*\\w)(?![\\w./-]*[<{*$])`,
  'g',
);
/** A Markdown link's target: `[text](target)` (the target up to a space or the closing paren). */
const MARKDOWN_LINK = /\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g;
/** A Markdown file named in text (`see the README.md beside it`, `docs/speed.md`). */
const MARKDOWN_NAME = /(?<![\w.-])(?:[\w.-]+\/)*([\w-]+\.md)\b/g;
/** Where a Markdown file is named but not cited as a path: link targets and web addresses. */
const NOT_NAMED_HERE = /\]\([^)]*\)|[a-z][a-z+.-]*:\/\/\S+/gi;
/** How an import-style path may be written without its extension. */
const MODULE_SUFFIXES = ['', '.ts', '.tsx', '.mjs', '.js', '/index.ts', '/index.tsx'];

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
export function headingAnchor(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*```/.test(line)) fenced = !fenced;
    const heading = !fenced && /^#{1,6}\s+(.*)$/.exec(line);
    if (!heading) continue;
    const base = headingAnchor((heading[1] ?? '').replace(/`/g, ''));
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count ? `${base}-${count}` : base);
  }
  return anchors;
}

/** What the check knows of the project's tree. */
export interface ProjectTree {
  /** Whether a path is in the tree, a folder included. */
  has(repoPath: string): boolean;
  /** Whether any file of the tree has this name (`README.md`). */
  hasFileNamed(name: string): boolean;
}

/**
 * The broken references in `files` (paths relative to `root`): a relative Markdown link to a
 * file or heading that is not there, a cited repository path that does not exist, and a Markdown
 * file named that no file of the project is (a page beside the project, which a clone lacks).
 */
export function brokenReferences(
  root: string,
  files: string[],
  tree: ProjectTree,
): BrokenReference[] {
  const exists = (repoPath: string) => tree.has(repoPath);
  const broken: BrokenReference[] = [];
  const anchorCache = new Map<string, Set<string>>();
  const anchors = (repoPath: string) => {
    let found = anchorCache.get(repoPath);
    if (!found) {
      found = anchorsOf(fs.readFileSync(path.join(root, repoPath), 'utf8'));
      anchorCache.set(repoPath, found);
    }
    return found;
  };
  for (const file of files) {
    const text = fs.readFileSync(path.join(root, file), 'utf8');
    const lines = text.split('\n');
    lines.forEach((line, index) => {
      const report = (target: string, why: string) =>
        broken.push({ file, line: index + 1, target, why });
      for (const [mention, name = ''] of line.replace(NOT_NAMED_HERE, '').matchAll(MARKDOWN_NAME)) {
        if (!tree.hasFileNamed(name)) report(mention, 'a file outside the project');
      }
      for (const [, cited = ''] of line.matchAll(CITED_PATH)) {
        if (!MODULE_SUFFIXES.some((suffix) => exists(cited + suffix)))
          report(cited, 'no such path in the project');
      }
      if (!file.endsWith('.md')) return;
      for (const [, target = ''] of line.matchAll(MARKDOWN_LINK)) {
        if (/^[a-z][a-z+.-]*:/i.test(target)) continue; // http:, mailto: and the like
        const [linkPath = '', anchor] = target.split('#');
        const resolved = linkPath
          ? path.posix.normalize(path.posix.join(path.posix.dirname(file), linkPath))
          : file;
        if (resolved.startsWith('..') || !exists(resolved.replace(/\/$/, ''))) {
          report(target, 'link to a missing file');
        } else if (anchor && resolved.endsWith('.md') && !anchors(resolved).has(anchor)) {
          report(target, 'link to a missing heading');
        }
      }
    });
  }
  return broken;
}
