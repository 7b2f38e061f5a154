// web_fetch's time and memory on big bodies: each case runs in a fresh Node process (the built runtime, or the
// one HANDRAIL_DIST points to, e.g. an older build to compare with) that fetches a 2 KiB page first (code
// loaded), then the measured URL, sampling its RSS every 2 ms. Cases: 1 MiB and 10 MiB HTML pages read whole
// (max_bytes = their size) and converted to markdown; a 50 MB text/plain and text/html body at web_fetch's
// default limit. Medians of `runs` processes. The server runs in this process, so its memory is not counted.
//
//   node bench/web-fetch-memory.js            # this build (dist/)
//   HANDRAIL_DIST=/path/to/old/dist/index.js node bench/web-fetch-memory.js
import { execFile } from 'node:child_process';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import { median } from './timing.js';
import { page } from './web-fetch.js';

const DIST = process.env.HANDRAIL_DIST ?? fileURLToPath(new URL('../dist/index.js', import.meta.url));
const MiB = 1024 * 1024;

const CHILD = `
const [dist, url, warmUrl, maxBytes, cap] = process.argv.slice(1);
const { createRuntime, builtinTools } = await import(dist);
const { mkdtempSync, rmSync } = await import('node:fs');
const os = await import('node:os');
const workspace = mkdtempSync(os.tmpdir() + '/handrail-bench-mem-');
const runtime = createRuntime({
  workspace,
  tools: builtinTools(), profile: 'full_access', sandbox: 'none', store: false,
  network: { allowAddresses: ['127.0.0.1:' + new URL(url).port], ...(cap === '0' ? {} : { maxBytes: Number(cap) }) },
});
const turn = runtime.beginTurn();
await turn.call({ id: 'warm', name: 'web_fetch', arguments: { url: warmUrl } });
globalThis.gc();
const before = process.memoryUsage().rss;
let peak = before;
const timer = setInterval(() => { peak = Math.max(peak, process.memoryUsage().rss); }, 2);
const started = performance.now();
const args = maxBytes === '0' ? { url } : { url, max_bytes: Number(maxBytes) };
const result = await turn.call({ id: 'big', name: 'web_fetch', arguments: args });
const ms = performance.now() - started;
clearInterval(timer);
peak = Math.max(peak, process.memoryUsage().rss);
if (result.isError) throw new Error(result.content[0].text);
console.log(JSON.stringify({ ms, rssMiB: (peak - before) / ${MiB}, bytes: result.details.bytes, cut: result.details.truncated }));
await runtime.close();
rmSync(workspace, { recursive: true, force: true });
`;

function once(url, warmUrl, maxBytes, cap) {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ['--expose-gc', '--input-type=module', '-e', CHILD, DIST, url, warmUrl, String(maxBytes), String(cap)],
      { timeout: 600_000, maxBuffer: 16 * MiB },
      (error, stdout, stderr) => {
        if (error) return reject(new Error(`${error.message}\n${stderr}`));
        resolve(JSON.parse(stdout.trim().split('\n').at(-1)));
      },
    );
  });
}

export async function benchWebFetchMemory({ runs = 3 } = {}) {
  const pages = { '/1m.html': page(MiB), '/10m.html': page(10 * MiB) };
  const server = http.createServer((req, res) => {
    const html = req.url.includes('.html');
    res.on('error', () => undefined);
    res.writeHead(200, { 'content-type': html ? 'text/html; charset=utf-8' : 'text/plain; charset=utf-8' });
    if (pages[req.url]) return res.end(pages[req.url]);
    if (req.url.startsWith('/warm')) return res.end(html ? page(2048) : 'warm\n'.repeat(400));
    // /stream.*: 50 MB, written as fast as the client reads it, until it goes away.
    const unit = html ? '<p>hello <b>world</b>, a <a href="/x">paragraph</a></p>\n' : 'hello world, a line\n';
    const chunk = Buffer.from(unit.repeat(Math.ceil((64 * 1024) / unit.length)));
    let written = 0;
    let gone = false;
    res.on('close', () => {
      gone = true;
    });
    const pump = () => {
      while (!gone && written < 50 * MiB) {
        written += chunk.length;
        if (!res.write(chunk)) return void res.once('drain', pump);
      }
      if (!gone) res.end();
    };
    pump();
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${server.address().port}`;
  const cases = [
    ['1 MiB HTML page → markdown', '/1m.html', Buffer.byteLength(pages['/1m.html'])],
    ['10 MiB HTML page → markdown', '/10m.html', Buffer.byteLength(pages['/10m.html'])],
    ['50 MB text/plain, default limit', '/stream.txt', 0],
    ['50 MB text/html, default limit', '/stream.html', 0],
  ];
  try {
    const out = [];
    for (const [name, path, maxBytes] of cases) {
      const warm = `${base}/warm${path.endsWith('.html') ? '.html' : '.txt'}`;
      const samples = [];
      // Whole pages: the runtime's cap (10 MiB) raised so that the 10 MiB page (a little over) is read whole.
      const cap = maxBytes === 0 ? 0 : 16 * MiB;
      for (let i = 0; i < runs; i++) samples.push(await once(`${base}${path}`, warm, maxBytes, cap));
      out.push({
        name,
        ms: median(samples.map((s) => s.ms)),
        rssMiB: median(samples.map((s) => s.rssMiB)),
        bytes: samples[0].bytes,
        cut: samples[0].cut,
      });
    }
    return out;
  } finally {
    server.closeAllConnections();
    server.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const r of await benchWebFetchMemory()) {
    console.log(
      `${r.name.padEnd(34)} ${r.ms.toFixed(0).padStart(7)} ms | RSS +${r.rssMiB.toFixed(1).padStart(7)} MiB | read ${(r.bytes / MiB).toFixed(1)} MiB${r.cut ? ', cut' : ''}`,
    );
  }
}
