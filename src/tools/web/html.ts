// HTML to markdown (or plain text) with turndown: script/style/embedded noise removed, the main content
// chosen when the page marks it (<main>, <article>), links and images made absolute against the page URL.
import { randomBytes } from 'node:crypto';
import TurndownService from 'turndown';

const NOISE = [
  'script',
  'style',
  'noscript',
  'template',
  'iframe',
  'object',
  'embed',
  'svg',
  'canvas',
  'form',
  'button',
  'select',
  'input',
  'textarea',
  'nav',
  'footer',
  'aside',
  'dialog',
  'link',
  'meta',
] as TurndownService.TagName[];

/** What the rules read from a DOM element (the project compiles without the DOM lib). */
interface Element {
  getAttribute(name: string): string | null;
}

let base: URL | undefined;
let markdownService: TurndownService | undefined;
let textService: TurndownService | undefined;

export interface Converted {
  text: string;
  title?: string;
}

/** Convert an HTML page; `format` 'markdown' keeps markup, 'text' strips it. */
export function convertHtml(html: string, pageUrl: string, format: 'markdown' | 'text'): Converted {
  const title = elementText(html, 'title');
  const service = format === 'markdown' ? markdownTurndown() : textTurndown();
  base = safeUrl(pageUrl);
  let text: string;
  try {
    // Inside an element whose name the page cannot guess, so a stray end tag cannot move content to the
    // root, where turndown's final trim would see unclamped whitespace.
    const root = `x-handrail-${randomBytes(6).toString('hex')}`;
    const main = mainContent(html);
    text = tooDeep(main) ? plainText(main) : service.turndown(`<${root}>${main}</${root}>`);
  } catch (error) {
    // Nesting deeper than turndown's recursion can go: plain text is better than no page.
    if (!(error instanceof RangeError)) throw error;
    text = plainText(html);
  } finally {
    base = undefined;
  }
  text = text.replace(/\n{3,}/g, '\n\n').trim();
  const out: Converted = { text };
  const cleanTitle = title ? decodeEntities(title.slice(0, 2000)).replace(/\s+/g, ' ').trim() : '';
  if (cleanTitle) out.title = cleanTitle;
  return out;
}

/**
 * Whitespace runs are cut to MAX_SPACE characters in every rule's input and output. Turndown trims its
 * result with /[\t\r\n\s]+$/, which costs the square of the longest run: a page of <br>, &nbsp; or
 * newline entities in <pre> would otherwise block the event loop for minutes.
 */
const MAX_SPACE = 256;

function clampSpace(text: string): string {
  return text.replace(/\s{2,}/g, (run) => (run.length > MAX_SPACE ? run.slice(0, MAX_SPACE) : run));
}

function clampRules(service: TurndownService): TurndownService {
  // Copies: turndown's built-in rule objects are shared by every instance.
  service.rules.array = service.rules.array.map((rule) => {
    const replacement = rule.replacement;
    if (!replacement) return rule;
    return {
      ...rule,
      replacement: (content, node, options) =>
        clampSpace(replacement.call(rule, clampSpace(content), node, options)),
    };
  });
  return service;
}

const CLAMPED_FALLBACKS: TurndownService.Options = {
  blankReplacement: (_content, node) => ((node as unknown as { isBlock: boolean }).isBlock ? '\n\n' : ''),
  defaultReplacement: (content, node) => {
    const clamped = clampSpace(content);
    return (node as unknown as { isBlock: boolean }).isBlock ? `\n\n${clamped}\n\n` : clamped;
  },
};

/**
 * Parsing cost grows with the square of the nesting depth (every start tag checks the open-element stack),
 * and turndown recurses once per level; real pages stay far below MAX_DEPTH. Elements whose end tag is
 * commonly left out are not counted.
 */
const MAX_DEPTH = 512;
const NOT_COUNTED = new Set(
  'area base br col embed hr img input link meta source track wbr p li dt dd tr td th option optgroup thead tbody tfoot colgroup caption rb rt rp html head body'.split(
    ' ',
  ),
);

function tooDeep(html: string): boolean {
  let depth = 0;
  for (const m of html.matchAll(/<(\/?)([a-z][a-z0-9-]*)[^<>]*>/gi)) {
    if (NOT_COUNTED.has(m[2]!.toLowerCase())) continue;
    depth += m[1] ? -1 : 1;
    if (depth > MAX_DEPTH) return true;
  }
  return false;
}

/** Tags dropped, entities decoded, whitespace bounded: the degraded form of a page turndown cannot take. */
function plainText(html: string): string {
  return decodeEntities(clampSpace(html.replace(/<[^<>]*>/g, ' ')));
}

/** The text of the first <tag>…</tag>, found in linear time (no lazy match that rescans the rest). */
function elementText(html: string, tag: string): string | undefined {
  const open = new RegExp(`<${tag}\\b[^<>]*>`, 'i').exec(html);
  if (!open) return undefined;
  const start = open.index + open[0].length;
  const end = endTag(html, tag, start, 'first');
  return end === -1 ? undefined : html.slice(start, end);
}

/** Index of the first or last `</tag>` at or after `from`, or -1. */
function endTag(html: string, tag: string, from: number, which: 'first' | 'last'): number {
  const pattern = new RegExp(`</${tag}\\s*>`, 'gi');
  pattern.lastIndex = from;
  let found = -1;
  for (let m = pattern.exec(html); m; m = pattern.exec(html)) {
    found = m.index;
    if (which === 'first') break;
  }
  return found;
}

/** The part worth reading: <main> or <article> when marked, else <body>, else the whole document. */
function mainContent(html: string): string {
  for (const tag of ['main', 'article', 'body']) {
    const start = html.search(new RegExp(`<${tag}[\\s>]`, 'i'));
    if (start === -1) continue;
    const end = endTag(html, tag, start, 'last');
    if (end > start) return html.slice(start, end);
  }
  const head = html.search(/<head[\s>]/i);
  const headEnd = head === -1 ? -1 : endTag(html, 'head', head, 'first');
  return headEnd === -1 ? html : html.slice(0, head) + html.slice(headEnd);
}

function markdownTurndown(): TurndownService {
  if (markdownService) return markdownService;
  const service = new TurndownService({
    headingStyle: 'atx',
    codeBlockStyle: 'fenced',
    bulletListMarker: '-',
    emDelimiter: '_',
    ...CLAMPED_FALLBACKS,
  });
  service.remove(NOISE);
  service.addRule('absoluteLinks', {
    filter: (node) => node.nodeName === 'A' && (node as unknown as Element).getAttribute('href') !== null,
    replacement: (content, node) => {
      const href = absolute((node as unknown as Element).getAttribute('href'));
      const label = content.trim();
      if (!href || !label) return label;
      return `[${label}](${href})`;
    },
  });
  service.addRule('absoluteImages', {
    filter: 'img',
    replacement: (_content, node) => {
      const element = node as unknown as Element;
      const alt = (element.getAttribute('alt') ?? '').replace(/[[\]\n]/g, ' ').trim();
      const src = absolute(element.getAttribute('src'));
      return src ? `![${alt}](${src})` : alt;
    },
  });
  markdownService = clampRules(service);
  return service;
}

function textTurndown(): TurndownService {
  if (textService) return textService;
  const service = new TurndownService({ headingStyle: 'atx', bulletListMarker: '-', ...CLAMPED_FALLBACKS });
  service.escape = (text: string) => text;
  service.remove(NOISE);
  service.addRule('plainHeadings', {
    filter: ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'],
    replacement: (content) => `\n\n${content.trim()}\n\n`,
  });
  service.addRule('plainInline', {
    filter: ['a', 'strong', 'b', 'em', 'i', 'code', 'del', 's', 'u', 'mark', 'small', 'sub', 'sup'],
    replacement: (content) => content,
  });
  service.addRule('plainPre', {
    filter: 'pre',
    replacement: (_c, node) => `\n\n${node.textContent ?? ''}\n\n`,
  });
  service.addRule('plainImages', {
    filter: 'img',
    replacement: (_c, node) => (node as unknown as Element).getAttribute('alt') ?? '',
  });
  service.addRule('plainQuotes', {
    filter: 'blockquote',
    replacement: (content) => `\n\n${content.trim()}\n\n`,
  });
  service.addRule('plainRules', { filter: 'hr', replacement: () => '\n\n' });
  textService = clampRules(service);
  return service;
}

function absolute(href: string | null): string | undefined {
  if (!href) return undefined;
  const trimmed = href.trim();
  if (trimmed === '' || trimmed.startsWith('#') || /^(javascript|data|vbscript):/i.test(trimmed))
    return undefined;
  try {
    return new URL(trimmed, base).href;
  } catch {
    return undefined;
  }
}

function safeUrl(url: string): URL | undefined {
  try {
    return new URL(url);
  } catch {
    return undefined;
  }
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** The few entities that appear in titles and search snippets. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code =
        name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}
