import fs from 'node:fs';
import path from 'node:path';

/**
 * An exclusive lock on a PGlite data folder: two processes on one folder corrupt it.
 * The lock file holds the owner's pid; a lock whose process is gone is taken over.
 */
export class DataDirLock {
  private constructor(private readonly file: string) {}

  static acquire(dataDir: string): DataDirLock {
    fs.mkdirSync(dataDir, { recursive: true });
    const file = path.join(dataDir, 'server.lock');
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
        return new DataDirLock(file);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        const owner = Number(fs.readFileSync(file, 'utf8').trim());
        if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && isAlive(owner)) {
          throw new Error(
            `The data folder ${dataDir} is in use by another server (pid ${owner}). ` +
              'Stop that server or set DATA_DIR to another folder: two processes on one PGlite folder corrupt it.',
            { cause: error },
          );
        }
        fs.rmSync(file, { force: true }); // stale: its process is gone
      }
    }
    throw new Error(`Could not lock the data folder ${dataDir}`);
  }

  release(): void {
    try {
      if (fs.readFileSync(this.file, 'utf8').trim() === String(process.pid)) fs.rmSync(this.file);
    } catch {
      // already gone
    }
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
