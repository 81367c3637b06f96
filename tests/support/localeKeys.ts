/**
 * Which locale keys no code uses (tests/unit/i18n-keys-used.test.ts). A key is used when its whole
 * dotted string is a string literal in the sources (a t() call, a table of keys, a rule's issue
 * `key`), or when it matches a pattern of the keys the code builds (`games.${id}.title`). The
 * sources are parsed, so a key named only in a comment is not used.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export type Tree = { [key: string]: string | Tree };

/** Every message key of a catalogue, dotted: `{mail: {reset: {text}}}` -> 'mail.reset.text'. */
export function catalogueKeys(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) => {
    const full = prefix ? `${prefix}.${key}` : key;
    return typeof value === 'string' ? [full] : catalogueKeys(value, full);
  });
}

/** Source files: code and the new-game templates of code; not tests, not declarations. */
const SOURCE = /\.(ts|tsx|mts|js|mjs)(\.tmpl)?$/;
const NOT_SOURCE = /\.test\.tsx?$|\.d\.m?ts$/;

/** The string literals of one source file (quoted or a template without `${}`). */
export function stringLiterals(fileName: string, text: string): string[] {
  const file = ts.createSourceFile(fileName.replace(/\.tmpl$/, ''), text, ts.ScriptTarget.Latest);
  const literals: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      literals.push(node.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return literals;
}

/** The string literals of every source file under `dirs` (relative to `root`). */
export function sourceLiterals(root: string, dirs: readonly string[]): Set<string> {
  const literals = new Set<string>();
  for (const dir of dirs) {
    const names = fs.readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' });
    for (const name of names) {
      if (!SOURCE.test(name) || NOT_SOURCE.test(name)) continue;
      const file = path.join(root, dir, name);
      for (const literal of stringLiterals(file, fs.readFileSync(file, 'utf8'))) {
        literals.add(literal);
      }
    }
  }
  return literals;
}

/**
 * A pattern of built keys as a RegExp: `*` is any text within one segment (`games.*.title`,
 * `earn.pot_*`), `{a,b}` one of the words (`game.{manual,auto}`).
 */
function keyPattern(pattern: string): RegExp {
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const source = pattern
    .split(/(\*|\{[^}]*\})/)
    .map((part) => {
      if (part === '*') return '[^.]*';
      if (part.startsWith('{')) return `(?:${part.slice(1, -1).split(',').map(escape).join('|')})`;
      return escape(part);
    })
    .join('');
  return new RegExp(`^${source}$`);
}

const PLURAL = /_(zero|one|two|few|many|other)$/;

/**
 * The keys that neither a literal nor a pattern names. A plural form (`a.items_one` of a group with
 * `a.items_other`) is used when its base is: i18next adds the suffix from `count`.
 */
export function unusedKeys(
  keys: readonly string[],
  literals: ReadonlySet<string>,
  patterns: readonly string[],
): string[] {
  const all = new Set(keys);
  const built = patterns.map(keyPattern);
  const used = (key: string) => literals.has(key) || built.some((p) => p.test(key));
  return keys.filter((key) => {
    const base = key.replace(PLURAL, '');
    const plural = base !== key && all.has(`${base}_other`);
    return !used(key) && !(plural && used(base));
  });
}

/** The patterns that match none of `keys`: an entry left behind when its keys went. */
export function stalePatterns(keys: readonly string[], patterns: readonly string[]): string[] {
  const names = keys.flatMap((key) => [key, key.replace(PLURAL, '')]);
  return patterns.filter((pattern) => {
    const built = keyPattern(pattern);
    return !names.some((name) => built.test(name));
  });
}
