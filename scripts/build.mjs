#!/usr/bin/env node
// Builds dist/ from src/ so that dist/ is always one whole build: tsc writes into a fresh sibling directory,
// which replaces dist/ by rename only once tsc has succeeded. Stopping a build (Ctrl-C, a SIGTERM to npm)
// leaves the previous dist/ in place, never half of a new one.
//
// npm runs it as `postprepare` (after `npm install` and `npm ci` in the clone, and for a git dependency) and
// as `prepack`, never as `prepare`: `npx handrail` inside the clone installs the clone into npx's cache as a
// link and runs its `prepare` there, before it links the bin and writes the cache's package.json. A build
// in that gap made the first `npx handrail` take 13 s, and stopping it then left a cache entry that broke
// every later run. `postprepare` does not run for links.
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = path.join(root, 'dist');
const building = path.join(root, `.dist-${process.pid}.partial`);
const retired = path.join(root, `.dist-${process.pid}.old`);

recover();
process.exit(await build());

/** Runs tsc into a fresh directory; on success it becomes dist/. Resolves to the exit status. */
async function build() {
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  const child = spawn(process.execPath, [tsc, '-p', 'tsconfig.build.json', '--outDir', building], {
    cwd: root,
    stdio: 'inherit',
  });
  const stop = (signal) => child.kill(signal);
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  const code = await new Promise((resolve) => child.once('close', (status) => resolve(status ?? 1)));
  process.off('SIGINT', stop);
  process.off('SIGTERM', stop);
  // 2 is tsc's "type errors, files written": dist/ is updated as a plain tsc would, and the status kept.
  if (code !== 0 && code !== 2) {
    rmSync(building, { recursive: true, force: true });
    return code;
  }
  // npm makes a bin executable when it links it; a fresh file would not be, and `npx handrail` would fail.
  chmodSync(path.join(building, 'cli', 'main.js'), 0o755);
  if (existsSync(dist)) renameSync(dist, retired);
  renameSync(building, dist);
  rmSync(retired, { recursive: true, force: true });
  return code;
}

/**
 * Cleans up after builds that were stopped: a build that never finished is removed; a dist/ moved aside
 * by a build stopped between its two renames is put back. A build still running (its process alive) is
 * left alone.
 */
function recover() {
  for (const name of readdirSync(root)) {
    const match = /^\.dist-(\d+)\.(partial|old)$/.exec(name);
    if (!match || isAlive(Number(match[1]))) continue;
    const leftover = path.join(root, name);
    if (match[2] === 'old' && !existsSync(dist)) renameSync(leftover, dist);
    else rmSync(leftover, { recursive: true, force: true });
  }
}

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}
