// Review: HTML from an attacker-controlled page must convert in time linear in its size. Turndown trims its
// output with /[\t\r\n\s]+$/, which is quadratic in the longest whitespace run, and the title/head regexes
// were quadratic in unclosed tags; a few hundred KiB was enough to block the event loop for minutes.
// The conversion is synchronous, so a test timeout cannot interrupt it: each case asserts a generous
// deadline instead (linear: well under a second; quadratic: tens of seconds to hours).
import { describe, expect, it } from 'vitest';
import { convertHtml } from '../../../src/tools/web/html.js';
import { stripTags } from '../../../src/tools/web/search/http.js';
import { text } from '../../support/results.js';
import { serve, webRuntime } from './helpers.js';

const N = 60_000;
const DEADLINE_MS = 3_000;

function withinDeadline<T>(fn: () => T): T {
  const start = performance.now();
  const out = fn();
  expect(performance.now() - start).toBeLessThan(DEADLINE_MS);
  return out;
}
const PAGES: Record<string, string> = {
  'a run of <br>': `<p>a${'<br>'.repeat(N)}b</p>`,
  '<br> at the root': `a${'<br>'.repeat(N)}b`,
  'newline entities in <pre>': `<pre>a${'&#10;'.repeat(N)}b</pre>`,
  'newline entities in <code>': `<p><code>a${'&#10;'.repeat(N)}b</code></p>`,
  'a run of &nbsp;': `<p>a${'&nbsp;'.repeat(N)}b</p>`,
  'unclosed <title>': `<p>x</p>${'<title>'.repeat(N)}`,
  'unterminated <title': `<p>x</p>${'<title'.repeat(N)}`,
  'unclosed <head>': `${'<head>'.repeat(N)}<p>x</p>`,
  // The streaming converter tracks at most 256 open elements: htmlparser2's own Parser (unshift/indexOf on
  // its stack) took 13 s on 1 MB of nested <div>.
  'nested <div>, 1 MB': `${'<div>'.repeat(200_000)}deep`,
  'nested <svg>': '<svg>'.repeat(200_000),
  'unmatched end tags under deep nesting': `${'<div>'.repeat(300)}${'</span>'.repeat(N * 3)}`,
  'list items under deep inline nesting': `<ul>${'<span>'.repeat(250)}${'<li>x'.repeat(N * 2)}`,
  'items in deeply nested quotes': `${'<blockquote>'.repeat(1000)}<ol>${'<li>x'.repeat(N)}`,
  'unclosed comment': `x<!--${'a'.repeat(N * 10)}`,
};

describe('HTML conversion cost is linear in the page', () => {
  for (const [name, html] of Object.entries(PAGES)) {
    for (const format of ['markdown', 'text'] as const) {
      it(`${name} (${format})`, () => {
        const out = withinDeadline(() => convertHtml(html, 'http://site.test/', format));
        expect(typeof out.text).toBe('string');
      });
    }
  }

  it('deep nesting converts (or degrades to text) instead of throwing RangeError', () => {
    const out = convertHtml(`${'<div>'.repeat(20_000)}deep text`, 'http://site.test/', 'markdown');
    expect(out.text).toContain('deep text');
  });

  it('search snippets: stripTags is linear on many unclosed "<"', () => {
    expect(withinDeadline(() => stripTags(`a${'<'.repeat(200_000)}`)).startsWith('a')).toBe(true);
  });

  it('web_fetch of a <br> flood returns within the test timeout', { timeout: 60_000 }, async () => {
    const page = `<html><body><p>start${'<br>'.repeat(N)}end</p></body></html>`;
    const server = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(page);
    });
    const w = webRuntime({ network: { allowAddresses: [`127.0.0.1:${server.port}`] } });
    const result = await w.call('web_fetch', { url: server.url('/') });
    expect(result.isError).toBe(false);
    expect(text(result)).toContain('start');
    expect(text(result)).toContain('end');
  });
});
