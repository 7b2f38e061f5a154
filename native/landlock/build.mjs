// Builds the Landlock helper (handrail-landlock.c) at install time, as `npm install` runs `postinstall`.
// It never fails the install: without Linux or a C compiler the helper is simply missing, and the landlock
// sandbox backend says so (with this reason) when asked. `npm rebuild handrail` runs it again.
import { execFileSync } from 'node:child_process';
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const here = import.meta.dirname ?? path.dirname(new URL(import.meta.url).pathname);
const out = path.join(here, 'build');
const binary = path.join(out, 'handrail-landlock');
const reasonFile = path.join(out, 'build-failed.txt');

function fail(reason) {
  mkdirSync(out, { recursive: true });
  writeFileSync(reasonFile, `${reason}\n`);
  console.warn(`handrail: the Landlock sandbox helper was not built: ${reason}`);
}

if (process.platform !== 'linux') {
  fail('Landlock needs Linux.');
} else {
  const cc = process.env.CC || 'cc';
  const partial = `${binary}.${process.pid}`;
  try {
    mkdirSync(out, { recursive: true });
    execFileSync(cc, ['-O2', '-Wall', '-o', partial, path.join(here, 'handrail-landlock.c')], {
      stdio: ['ignore', 'ignore', 'pipe'],
      timeout: 120_000,
    });
    renameSync(partial, binary);
    rmSync(reasonFile, { force: true });
  } catch (error) {
    rmSync(partial, { force: true });
    rmSync(binary, { force: true });
    const said =
      error.code === 'ENOENT' ? `no C compiler (${cc}) was found` : String(error.stderr || error.message);
    fail(
      `${said.trim().split('\n').slice(0, 5).join(' ')} (install gcc and libc6-dev, then run \`npm rebuild handrail\`).`,
    );
  }
}
