// `npm run bench`: every figure is a per-call cost or a ratio against a baseline measured in the same run.
import os from 'node:os';
import { benchPipeline } from './pipeline.js';

const fmt = (n) => `${n.toFixed(2)} µs`;
const line = (r, base) =>
  `  ${r.label.padEnd(40)} median ${fmt(r.median).padStart(10)}  p95 ${fmt(r.p95).padStart(10)}  p99 ${fmt(r.p99).padStart(10)}${base ? `  overhead ${fmt(r.median - base.median)}` : ''}`;

console.log(
  `handrail bench — node ${process.version}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}`,
);
console.log(
  '\nPipeline overhead, no-op tool with a 5-field schema, events subscribed (goal: < 20 µs median):',
);
const p = await benchPipeline();
console.log(line(p.direct));
console.log(line(p.object, p.direct));
console.log(line(p.json, p.direct));
console.log(`  events delivered: ${p.eventsDelivered.toLocaleString('en-US')}`);
