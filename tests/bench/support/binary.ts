import fs from 'node:fs';
import path from 'node:path';

/**
 * The path of a command-line tool the benchmarks drive (pgbench, wrk): `$ENV_VAR` when set, else
 * /usr/bin/<name>, else the first on PATH; null when it is not installed.
 */
export function installedBinary(name: string, envVar: string): string | null {
  const candidates = [
    process.env[envVar],
    `/usr/bin/${name}`,
    ...(process.env.PATH ?? '').split(path.delimiter).map((dir) => path.join(dir, name)),
  ];
  for (const candidate of candidates) {
    if (!candidate) continue;
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return null;
}
