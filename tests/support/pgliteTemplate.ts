import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MIGRATIONS_FOLDER, openDatabase, pgliteFolder } from '../../server/db/database';

const PREFIX = 'casino-pglite-template-';
const repoRoot = path.resolve(import.meta.dirname, '..', '..');
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Gives a new data folder a PGlite database with every migration applied, as a copy. PGlite's
 * initdb takes seconds for each new database, most of a test file's start; the migrated folder
 * is made once for each version of the migrations and of PGlite (in the system's temp folder) and
 * copied in a tenth of a second. The server opens the copy and finds nothing left to migrate.
 * A test of what the server does with an empty folder (a migration from an older schema) does not
 * call this.
 */
export async function seedPgliteDataDir(dataDir: string): Promise<void> {
  const template = await migratedTemplate();
  fs.cpSync(pgliteFolder(template), pgliteFolder(dataDir), { recursive: true });
}

let made: Promise<string> | undefined;

function migratedTemplate(): Promise<string> {
  made ??= (async () => {
    const dir = path.join(os.tmpdir(), PREFIX + templateKey());
    if (fs.existsSync(dir)) {
      fs.utimesSync(dir, new Date(), new Date()); // in use: kept by removeOtherTemplates
      return dir;
    }
    // Made aside and renamed into place: test processes starting at once never see half a folder.
    const building = `${dir}.${process.pid}-${randomBytes(4).toString('hex')}`;
    const database = await openDatabase({ dataDir: building });
    await database.close();
    try {
      fs.renameSync(building, dir);
    } catch {
      fs.rmSync(building, { recursive: true, force: true }); // another process got there first
    }
    removeOtherTemplates(dir);
    return dir;
  })();
  return made;
}

/** The migrations' files and PGlite's version: a change of either makes a new template. */
function templateKey(): string {
  const hash = createHash('sha256');
  const pglite = path.join(repoRoot, 'node_modules', '@electric-sql', 'pglite', 'package.json');
  hash.update(JSON.parse(fs.readFileSync(pglite, 'utf8')).version);
  const files = fs.readdirSync(MIGRATIONS_FOLDER, { recursive: true, encoding: 'utf8' }).sort();
  for (const file of files) {
    const full = path.join(MIGRATIONS_FOLDER, file);
    if (fs.statSync(full).isFile()) hash.update(file).update(fs.readFileSync(full));
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * Finished templates of other migrations untouched for a day (a checkout of other code may be
 * copying a newer one).
 */
function removeOtherTemplates(current: string): void {
  const tmp = path.dirname(current);
  for (const name of fs.readdirSync(tmp)) {
    const other = path.join(tmp, name);
    if (!name.startsWith(PREFIX) || name.includes('.') || other === current) continue;
    if (Date.now() - fs.statSync(other).mtimeMs > DAY_MS) {
      fs.rmSync(other, { recursive: true, force: true });
    }
  }
}
