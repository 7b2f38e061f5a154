// A transparent tap in front of a real stdio server: `node recorder.mjs LOG node server.js args...` runs the
// server, passes every line both ways unchanged, and appends each to LOG as {"dir":"in"|"out","message":…}, so
// a test can see what reached the server and what it answered.
import { spawn } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import readline from 'node:readline';

const [log, command, ...args] = process.argv.slice(2);
const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'inherit'] });
const record = (dir, line) => {
  let message;
  try {
    message = JSON.parse(line);
  } catch {
    message = line;
  }
  appendFileSync(log, `${JSON.stringify({ dir, message })}\n`);
};
readline.createInterface({ input: process.stdin }).on('line', (line) => {
  record('in', line);
  child.stdin.write(`${line}\n`);
});
process.stdin.on('end', () => child.stdin.end());
readline.createInterface({ input: child.stdout }).on('line', (line) => {
  record('out', line);
  process.stdout.write(`${line}\n`);
});
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
process.on('SIGTERM', () => child.kill('SIGTERM'));
