// web_fetch through turn.call (policy check, pinned per-call connection, decode, HTML → markdown, projection)
// against a plain undici request (global keep-alive dispatcher, body read as text) to the same loopback
// server, in the same run; and against undici + turndown (the DOM-based converter handrail used before),
// from bench/peers when it is installed. Medians.
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { allowAllEvaluator, createRuntime, webTools } from 'handrail';
import { request } from 'undici';
import { timeRuns } from './timing.js';

/** turndown from bench/peers, or undefined when the peers are not installed. */
function peerTurndown() {
  try {
    return createRequire(new URL('./peers/package.json', import.meta.url))('turndown');
  } catch {
    return undefined;
  }
}

export function page(targetBytes) {
  const parts = [
    '<!doctype html><html><head><title>Bench page</title><script>var x = 1;</script></head><body><main>',
  ];
  let size = parts[0].length;
  for (let i = 0; size < targetBytes; i++) {
    const p = `<h2>Section ${i}</h2><p>Paragraph ${i} with <a href="/link/${i}">a link</a> and <strong>bold</strong> text, some more words to fill the line.</p><ul><li>item a</li><li>item b</li></ul>\n`;
    parts.push(p);
    size += p.length;
  }
  parts.push('</main></body></html>');
  return parts.join('');
}

export async function benchWebFetch({ smallRuns = 200, largeRuns = 20 } = {}) {
  const pages = { '/small': page(2 * 1024), '/large': page(1024 * 1024) };
  const server = http.createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(pages[req.url] ?? '');
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  const workspace = mkdtempSync(path.join(os.tmpdir(), 'handrail-bench-web-'));
  const runtime = createRuntime({
    workspace,
    tools: webTools(),
    permission: allowAllEvaluator,
    network: { allowAddresses: [`127.0.0.1:${port}`] },
  });
  const turn = runtime.beginTurn();
  let n = 0;
  const TurndownService = peerTurndown();
  const turndown = TurndownService ? new TurndownService({ headingStyle: 'atx' }) : undefined;
  try {
    const out = {};
    for (const [name, runs] of [
      ['small', smallRuns],
      ['large', largeRuns],
    ]) {
      const url = `http://127.0.0.1:${port}/${name}`;
      const plainMs = await timeRuns(runs, async () => {
        const res = await request(url);
        await res.body.text();
      });
      const plainTurndownMs = turndown
        ? await timeRuns(runs, async () => {
            const res = await request(url);
            turndown.turndown(await res.body.text());
          })
        : undefined;
      const handrailMs = await timeRuns(runs, async () => {
        // max_bytes: the whole page (the large one is a little over web_fetch's 1 MiB default).
        const result = await turn.call({
          id: `b${++n}`,
          name: 'web_fetch',
          arguments: { url, max_bytes: Buffer.byteLength(pages[`/${name}`]) },
        });
        if (result.isError) throw new Error(result.content[0]?.text);
      });
      out[name] = {
        bytes: Buffer.byteLength(pages[`/${name}`]),
        plainMs,
        plainTurndownMs,
        handrailMs,
        ratio: handrailMs / plainMs,
        ratioVsTurndown: plainTurndownMs === undefined ? undefined : handrailMs / plainTurndownMs,
      };
    }
    return out;
  } finally {
    await runtime.close();
    server.closeAllConnections();
    server.close();
    rmSync(workspace, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(JSON.stringify(await benchWebFetch(), null, 2));
}
