// The file policy's per-path check, in a root, through an approved call's checker (writes held to the paths
// it was judged on) and for an approved path outside the roots (approvableWrites), against a bare lstat of
// the same path as the baseline, and a turn's file policy built (createFileAccess) per turn — in one run.
import { lstatSync, mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { median } from './timing.js';

const dist = (p) => pathToFileURL(path.resolve(import.meta.dirname, '../dist', p)).href;

async function perCall(rounds, runs, once) {
  const samples = [];
  for (let run = 0; run < runs; run++) {
    const start = performance.now();
    for (let i = 0; i < rounds; i++) await once();
    samples.push(((performance.now() - start) * 1000) / rounds);
  }
  return median(samples);
}

export async function benchFilePolicy({ rounds = 2_000, runs = 7 } = {}) {
  const { createFileAccess } = await import(dist('sandbox/index.js'));
  const ws = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'handrail-bench-fp-ws-')));
  const area = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'handrail-bench-fp-area-')));
  try {
    mkdirSync(path.join(ws, 'src'));
    const inside = path.join(ws, 'src', 'app.ts');
    const outside = path.join(area, 'report.csv');
    writeFileSync(inside, 'x');
    writeFileSync(outside, 'x');
    const config = { roots: [{ path: ws, access: 'write' }], approvableWrites: [`${area}/**`] };
    const files = createFileAccess(config);
    const held = files.forApprovedCall({ writesOnly: [inside] });
    const approved = files.forApprovedCall({ approved: [outside], writesOnly: [outside] });
    const lstat = await perCall(rounds, runs, async () => lstatSync(inside));
    const root = await perCall(rounds, runs, () => files.checkWrite(inside));
    const heldCheck = await perCall(rounds, runs, () => held.checkWrite(inside));
    const area_ = await perCall(rounds, runs, () => approved.checkWrite(outside));
    const refused = await perCall(rounds, runs, () => files.checkWrite(outside));
    const perTurn = await perCall(50, runs, async () => createFileAccess(config));
    const perTurnPlain = await perCall(50, runs, async () =>
      createFileAccess({ roots: [{ path: ws, access: 'write' }] }),
    );
    return { lstat, root, held: heldCheck, area: area_, refused, perTurn, perTurnPlain };
  } finally {
    rmSync(ws, { recursive: true, force: true });
    rmSync(area, { recursive: true, force: true });
  }
}
