// `npx tsx scripts/server-messages-to-json.ts <messages.ts>`: ports server messages written the old
// way (a module exporting `CATALOGUES: Record<locale, Record<'a.b.c', 'text {name}'>>`, as
// server/i18n/messages.ts was before i18next) into locales/server/<locale>.json: keys nested on '.',
// `{name}` rewritten as i18next's `{{name}}`. Keys the module has are written (added or replaced);
// keys only the JSON has are kept. Prints what changed. E.g. for a branch that added keys:
//   git show other-branch:server/i18n/messages.ts > /tmp/messages.ts
//   npx tsx scripts/server-messages-to-json.ts /tmp/messages.ts
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

type Tree = { [key: string]: string | Tree };

const source = process.argv[2];
if (!source) {
  console.error('usage: npx tsx scripts/server-messages-to-json.ts <old messages.ts>');
  process.exit(2);
}
const { CATALOGUES } = (await import(pathToFileURL(path.resolve(source)).href)) as {
  CATALOGUES: Record<string, Record<string, string>>;
};
const dir = path.resolve(import.meta.dirname, '..', 'locales', 'server');
fs.mkdirSync(dir, { recursive: true });

function place(tree: Tree, key: string, text: string): 'added' | 'changed' | 'same' {
  const parts = key.split('.');
  let node = tree;
  for (const part of parts.slice(0, -1)) {
    const next = (node[part] ??= {});
    if (typeof next === 'string') throw new Error(`'${key}': '${part}' is already a message`);
    node = next;
  }
  const leaf = parts.at(-1)!;
  if (typeof node[leaf] === 'object') throw new Error(`'${key}' is already a group of messages`);
  const before = node[leaf];
  node[leaf] = text;
  return before === undefined ? 'added' : before === text ? 'same' : 'changed';
}

for (const [locale, catalogue] of Object.entries(CATALOGUES)) {
  const file = path.join(dir, `${locale}.json`);
  const tree = fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Tree) : {};
  const counts = { added: 0, changed: 0, same: 0 };
  for (const [key, text] of Object.entries(catalogue)) {
    counts[place(tree, key, text.replace(/\{(\w+)\}/g, '{{$1}}'))] += 1;
  }
  fs.writeFileSync(file, `${JSON.stringify(tree, null, 2)}\n`);
  console.log(
    `${path.relative(process.cwd(), file)}: ${counts.added} added, ${counts.changed} changed`,
  );
}
