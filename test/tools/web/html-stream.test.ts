// The streaming HTML conversion (htmlparser2's tokenizer driving MarkdownWriter): what it keeps of a page, that
// chunk boundaries change nothing, that its output stops at a limit, and the streaming charset decoder.
import { describe, expect, it } from 'vitest';
import { BodyDecoder } from '../../../src/tools/web/content.js';
import { convertHtml, HtmlConverter } from '../../../src/tools/web/html.js';

const URL_ = 'http://site.test/dir/page';

const RICH = `<!doctype html><html><head><title>Rich &amp; Full</title><style>p{}</style></head><body>
<nav><a href="/">Home</a></nav><main>
<h1>Guide</h1>
<p>Some <b> bold </b>text, <i>it</i>alic, a <a href="a b?x=1&amp;y=2#f">link</a> and <code>a|b</code>.<br>New line<br><br>after a blank</p>
<blockquote><p>quoted</p><p>twice</p></blockquote>
<ol start="3"><li><p>first</p><p>more</p></li><li>second<ul><li>nested</li><li>n2</li></ul></li></ol>
<pre><code class="language-js">const fence = "\`\`\`";
</code></pre>
<table><thead><tr><th>Name</th><th>Age</th></tr></thead><tbody><tr><td>Al|ice</td><td><p>30</p></td></tr><tr><td>Bob<td>4</table>
<p><a href="https://x.test/card"><div><h3>Card title</h3><p>card text</p></div></a></p>
<dl><dt>Term</dt><dd>Definition</dd></dl>
<p>&lt;tag&gt; &amp; &nbsp;&nbsp; spaces&#10;here <img src="data:image/png;base64,AAAA" alt="inline"> <a href="javascript:alert(1)">js</a></p>
<hr><p>end</p>
</main><footer>© corp</footer></body></html>`;

const RICH_MARKDOWN = [
  '# Guide',
  '',
  'Some **bold** text, _it_alic, a [link](http://site.test/dir/a%20b?x=1&y=2#f) and `a|b`.',
  'New line',
  '',
  'after a blank',
  '',
  '> quoted',
  '>',
  '> twice',
  '',
  '3. first',
  '',
  '   more',
  '4. second',
  '   - nested',
  '   - n2',
  '',
  '````js',
  'const fence = "```";',
  '````',
  '',
  '| Name | Age |',
  '| --- | --- |',
  '| Al\\|ice | 30 |',
  '| Bob | 4 |',
  '',
  '[Card title card text](https://x.test/card)',
  '',
  'Term',
  ': Definition',
  '',
  '<tag> & spaces here inline js',
  '',
  '---',
  '',
  'end',
].join('\n');

/** Feed `html` to a converter in pieces of `size` characters. */
function inPieces(html: string, size: number, format: 'markdown' | 'text' = 'markdown') {
  const converter = new HtmlConverter(URL_, format);
  for (let i = 0; i < html.length; i += size) converter.write(html.slice(i, i + size));
  return converter.end();
}

describe('streaming HTML conversion', () => {
  it('keeps the structure of a page as markdown: headings, emphasis, links, lists, quotes, code, tables', () => {
    const out = convertHtml(RICH, URL_, 'markdown');
    expect(out.title).toBe('Rich & Full');
    expect(out.text).toBe(RICH_MARKDOWN);
  });

  it("'text' keeps the words and the lines, without markup", () => {
    const out = convertHtml(RICH, URL_, 'text');
    expect(out.text).toContain('Guide\n\nSome bold text, italic, a link and a|b.\nNew line\n\nafter a blank');
    expect(out.text).toContain('3. first\n\n   more\n4. second\n   - nested');
    expect(out.text).toContain('Name | Age\nAl|ice | 30\nBob | 4');
    expect(out.text).toContain('const fence = "```";');
    expect(out.text).not.toMatch(/[#*_[\]]|^>|http|Home|corp/m);
  });

  it('gives the same result whatever the chunk boundaries (tags, entities and attributes cut anywhere)', () => {
    // A filler first, so the page is longer than what the converter gathers before tokenizing (4 KiB).
    const page = RICH.replace('<main>', `<main><p>${'filler words '.repeat(400)}</p>`);
    const whole = convertHtml(page, URL_, 'markdown').text;
    expect(whole.endsWith(RICH_MARKDOWN)).toBe(true);
    const start = page.indexOf('<h1>');
    for (let cut = start; cut < page.length; cut++) {
      const converter = new HtmlConverter(URL_, 'markdown');
      converter.write(page.slice(0, cut));
      converter.write(page.slice(cut));
      expect(converter.end().text, `cut at ${cut}`).toBe(whole);
    }
    for (const size of [1, 3, 7, 64, 4095, 4097]) {
      expect(inPieces(page, size).text, `pieces of ${size}`).toBe(whole);
      expect(inPieces(page, size, 'text').text).toBe(convertHtml(page, URL_, 'text').text);
    }
  });

  it('prefers <main>, role="main" or the <article>s, and falls back when they are empty', () => {
    const articles = `<body><header><h1>Site</h1></header><article><p>one</p></article><p>between</p><article><p>two</p></article><p>after</p></body>`;
    expect(convertHtml(articles, URL_, 'markdown').text).toBe('one\n\nbetween\n\ntwo');
    expect(
      convertHtml('<div>chrome</div><div role="main"><p>body text</p></div>', URL_, 'markdown').text,
    ).toBe('body text');
    expect(convertHtml('<main>  </main><article>content</article>', URL_, 'markdown').text).toBe('content');
    expect(convertHtml('<main> </main><p>all there is</p>', URL_, 'markdown').text).toBe('all there is');
  });

  it('drops noise: scripts, styles, forms, navigation, hidden elements, the head', () => {
    const page = `<head><title>T</title><script>var secret = 1</script><noscript>enable js</noscript></head>
<p>a <span hidden>h</span><span aria-hidden="true">ah</span></p><div role="navigation">menu</div>
<form><label>Name</label><input value="v"><button>Send</button></form><svg><text>svg text</text></svg>
<aside>related</aside><iframe>frame</iframe><template>tpl</template><p>b</p>`;
    expect(convertHtml(page, URL_, 'markdown')).toEqual({ text: 'a\n\nb', title: 'T' });
  });

  it('resolves links and images against <base>, and keeps only http(s) targets', () => {
    const page = `<head><base href="https://cdn.test/docs/"></head><p><a href="page.html">rel</a>
<img src="img/a.png" alt="A [x]"> <a href="#top">anchor</a> <a href="vbscript:x">vb</a> <a>bare</a></p>`;
    expect(convertHtml(page, URL_, 'markdown').text).toBe(
      '[rel](https://cdn.test/docs/page.html) ![A x](https://cdn.test/docs/img/a.png) anchor vb bare',
    );
  });

  it('takes the title from <head>, not from an SVG, and decodes its entities', () => {
    expect(
      convertHtml('<svg><title>icon</title></svg><p>x</p><title>A &lt;b&gt;  title</title>', URL_, 'text'),
    ).toEqual({
      text: 'x',
      title: 'A <b> title',
    });
    expect(convertHtml('<title>Only title</title><p>Para</p>', URL_, 'text')).toEqual({
      text: 'Para',
      title: 'Only title',
    });
  });

  it('writes code spans that contain backticks, and fenced blocks with their language', () => {
    const page =
      '<p><code>a`b</code>, <code>`x`</code>, <kbd>Ctrl</kbd>+<kbd>C</kbd></p><pre class="lang-py">\nprint(1)\n\n\n\nprint(2)\n</pre>';
    expect(convertHtml(page, URL_, 'markdown').text).toBe(
      '``a`b``, `` `x` ``, `Ctrl`+`C`\n\n```py\nprint(1)\n\nprint(2)\n```',
    );
  });

  it('stops at maxChars and says the output was cut', () => {
    const page = `<p>${'word '.repeat(10_000)}</p>`;
    const out = convertHtml(page, URL_, 'markdown', { maxChars: 1000 });
    expect(out.cut).toBe(true);
    expect(out.text.length).toBeLessThanOrEqual(1000);
    const converter = new HtmlConverter(URL_, 'markdown', { maxChars: 100 });
    converter.write(page);
    expect(converter.full).toBe(true);
    expect(convertHtml(page, URL_, 'markdown').cut).toBeUndefined();
  });

  it('bounds the prefixes of deeply nested quotes and lists', () => {
    const page = `${'<blockquote>'.repeat(200)}<ul>${'<li>x'.repeat(100)}`;
    const lines = convertHtml(page, URL_, 'markdown').text.split('\n');
    expect(Math.max(...lines.map((l) => l.length))).toBeLessThan(40);
  });
});

describe('streaming charset decoding', () => {
  const utf8 = Buffer.from('héllo wörld — ✓ 日本', 'utf8');

  it('decodes a multi-byte character cut by a chunk boundary', () => {
    for (let cut = 1; cut < utf8.length; cut++) {
      const head = utf8.subarray(0, cut);
      const decoder = new BodyDecoder(head, { type: 'text/plain' });
      const text = decoder.decode(head) + decoder.decode(utf8.subarray(cut)) + decoder.end(true);
      expect(text).toBe('héllo wörld — ✓ 日本');
      expect(decoder.charset).toBe('utf-8');
    }
  });

  it('guesses windows-1252 from the first non-ASCII bytes, even after a long ASCII start', () => {
    const ascii = Buffer.from('a'.repeat(10_000));
    const decoder = new BodyDecoder(ascii, { type: 'text/plain' });
    const text = decoder.decode(ascii) + decoder.decode(Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x20, 0x80]));
    expect(text.slice(10_000)).toBe('café €');
    expect(decoder.charset).toBe('windows-1252');
  });

  it('takes the charset from a BOM, the header or <meta>, in that order', () => {
    const bom = Buffer.from([0xef, 0xbb, 0xbf, 0x61]);
    expect(new BodyDecoder(bom, { type: 'text/plain', charset: 'latin1' }).charset).toBe('utf-8');
    const meta = Buffer.from('<html><head><meta charset="shift_jis"></head>');
    expect(new BodyDecoder(meta, { type: 'text/html' }).charset).toBe('shift_jis');
    expect(new BodyDecoder(meta, { type: 'text/html', charset: 'iso-8859-2' }).charset).toBe('iso-8859-2');
  });

  it('drops a character cut by the end of a truncated body, and shows one cut in a complete body', () => {
    const cut = utf8.subarray(0, utf8.length - 1);
    const truncated = new BodyDecoder(cut, { type: 'text/plain' });
    expect(truncated.decode(cut) + truncated.end(false)).toBe('héllo wörld — ✓ 日');
    const complete = new BodyDecoder(cut, { type: 'text/plain' });
    expect(complete.decode(cut) + complete.end(true)).toBe('héllo wörld — ✓ 日\ufffd');
  });
});
