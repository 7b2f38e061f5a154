// read_file of a page at the end of a 200 MB file: time and peak memory, against loading the file
// (readFileSync + split, what a naive read tool does) and an idle process, each in its own child process.
import { execFileSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const child = path.join(path.dirname(fileURLToPath(import.meta.url)), 'read-file-child.js');

function makeFile(file, megabytes) {
  const line = `${'the quick brown fox jumps over the lazy dog '.repeat(2).trim()}\n`; // 90 bytes
  const block = line.repeat(10_000);
  const fd = openSync(file, 'w');
  let lines = 0;
  for (let written = 0; written < megabytes * 1024 * 1024; written += block.length) {
    writeSync(fd, block);
    lines += 10_000;
  }
  closeSync(fd);
  return lines;
}

function run(mode, workspace, file, offset) {
  const out = execFileSync(process.execPath, [child, mode, workspace, file, String(offset)], {
    encoding: 'utf8',
    maxBuffer: 1 << 20,
  });
  return JSON.parse(out);
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

export async function benchReadFile({ runs = 3 } = {}) {
  const workspace = mkdtempSync(path.join(os.tmpdir(), 'handrail-bench-read-'));
  try {
    const sizes = {};
    for (const mb of [20, 200]) {
      const name = `file-${mb}mb.txt`;
      const lines = makeFile(path.join(workspace, name), mb);
      const offset = lines - 1999;
      const measure = (mode) => {
        const samples = Array.from({ length: runs }, () => run(mode, workspace, name, offset));
        return {
          ms: median(samples.map((s) => s.ms)),
          maxRssMiB: median(samples.map((s) => s.maxRssKiB)) / 1024,
        };
      };
      sizes[mb] = {
        lines,
        idle: measure('idle'),
        handrail: measure('handrail'),
        readFileSync: measure('readFileSync'),
      };
    }
    return sizes;
  } finally {
    rmSync(workspace, { recursive: true, force: true });
  }
}
