// HTML to markdown (or plain text) with turndown: script/style/embedded noise removed, the main content
// chosen when the page marks it (<main>, <article>), links and images made absolute against the page URL.
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
  const title = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(html)?.[1];
  const service = format === 'markdown' ? markdownTurndown() : textTurndown();
  base = safeUrl(pageUrl);
  let text: string;
  try {
    text = service.turndown(mainContent(html));
  } finally {
    base = undefined;
  }
  text = text.replace(/\n{3,}/g, '\n\n').trim();
  const out: Converted = { text };
  const cleanTitle = title ? decodeEntities(title).replace(/\s+/g, ' ').trim() : '';
  if (cleanTitle) out.title = cleanTitle;
  return out;
}

/** The part worth reading: <main> or <article> when marked, else <body>, else the whole document. */
function mainContent(html: string): string {
  for (const tag of ['main', 'article', 'body']) {
    const start = html.search(new RegExp(`<${tag}[\\s>]`, 'i'));
    const end = html.toLowerCase().lastIndexOf(`</${tag}>`);
    if (start !== -1 && end > start) return html.slice(start, end + tag.length + 3);
  }
  return html.replace(/<head[\s>][\s\S]*?<\/head>/i, '');
}

function markdownTurndown(): TurndownService {
  if (markdownService) return markdownService;
  const service = new TurndownService({
    headingStyle: 'atx',
    codeBlockStyle: 'fenced',
    bulletListMarker: '-',
    emDelimiter: '_',
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
  markdownService = service;
  return service;
}

function textTurndown(): TurndownService {
  if (textService) return textService;
  const service = new TurndownService({ headingStyle: 'atx', bulletListMarker: '-' });
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
  textService = service;
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
