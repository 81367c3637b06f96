// Small helpers shared by the npm scripts.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Runs a command with inherited output; resolves to its exit code. */
export function run(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', ...options });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', (error) => {
      console.error(`${command}: ${error.message}`);
      resolve(1);
    });
  });
}

/**
 * Runs a command with its output (stdout and stderr together, in order) held back; resolves to
 * its exit code and that output, for commands run side by side whose output must not interleave.
 */
export function runBuffered(command, args, options = {}) {
  return new Promise((resolve) => {
    const chunks = [];
    const done = (code) => resolve({ code, output: Buffer.concat(chunks).toString() });
    const child = spawn(command, args, {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      ...options,
    });
    child.stdout.on('data', (chunk) => chunks.push(chunk));
    child.stderr.on('data', (chunk) => chunks.push(chunk));
    child.on('close', (code, signal) => done(code ?? (signal ? 1 : 0)));
    child.on('error', (error) => {
      chunks.push(Buffer.from(`${command}: ${error.message}\n`));
      done(1);
    });
  });
}

/** Newest modification time of any file under the given paths (0 when none exist). */
export function newestMtime(paths) {
  let newest = 0;
  const visit = (p) => {
    if (!fs.existsSync(p)) return;
    const stat = fs.statSync(p);
    if (stat.isDirectory()) {
      for (const entry of fs.readdirSync(p)) visit(path.join(p, entry));
    } else if (stat.mtimeMs > newest) {
      newest = stat.mtimeMs;
    }
  };
  paths.forEach((p) => visit(path.join(root, p)));
  return newest;
}

/** Inputs of the client build: when any is newer than the manifest, the build is stale. */
export const CLIENT_INPUTS = [
  'src',
  'engine',
  'games',
  'locales',
  'assets',
  'public',
  'index.html',
  'vite.config.ts',
  'package-lock.json',
];

export function clientBuildIsStale() {
  const manifest = path.join(root, 'dist', '.vite', 'manifest.json');
  if (!fs.existsSync(manifest)) return true;
  return newestMtime(CLIENT_INPUTS) > fs.statSync(manifest).mtimeMs;
}

/**
 * `npx vitest run` arguments for a project's files (all of them when `files` is empty), its
 * report also written as JSON to `jsonFile` for `countTests`. `integration` and `e2e` name every
 * project of theirs (vitest.config.ts runs some integration files alone, after the others).
 */
export function vitestArgs(project, jsonFile, files = [], { exact = false } = {}) {
  return [
    'vitest',
    'run',
    '--project',
    // `integration*` and `e2e*` take their -alone projects too (vitest.config.ts).
    exact || project === 'unit' ? project : `${project}*`,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${jsonFile}`,
    ...files,
  ];
}

/** Passed, failed and skipped tests of a Vitest JSON report (zeros when there is none). */
export function countTests(jsonFile) {
  if (!fs.existsSync(jsonFile)) return { passed: 0, failed: 0, skipped: 0 };
  const report = JSON.parse(fs.readFileSync(jsonFile, 'utf8'));
  return {
    passed: report.numPassedTests ?? 0,
    failed: report.numFailedTests ?? 0,
    skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
  };
}

/**
 * The failed tests of a Vitest JSON report, each as `file > test: first line of its error`, so the
 * end of a long log still names them.
 */
export function failedTests(jsonFile) {
  if (!fs.existsSync(jsonFile)) return [];
  const report = JSON.parse(fs.readFileSync(jsonFile, 'utf8'));
  return (report.testResults ?? []).flatMap((file) => {
    const name = path.relative(root, file.name ?? '');
    const failed = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    if (!failed.length && file.status === 'failed') return [`${name}: ${firstLine(file.message)}`];
    return failed.map(
      (test) => `${name} > ${test.fullName ?? test.title}: ${firstLine(test.failureMessages?.[0])}`,
    );
  });
}

const firstLine = (text) => (text ?? '').trim().split('\n')[0].slice(0, 300);
