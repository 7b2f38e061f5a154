// A held-out check of issue 16's goals: cases written by hand, independently of the corpus's generators, in
// languages and file kinds the corpus does not have, run through the real edit_file and apply_patch. No
// edit may land in the wrong place, every refusal must hold and name the closest candidate, and at least
// 99% of the edits that should land must land. The report (per tool and category, and every failing case
// with what happened) is printed before the assertions.
import { beforeAll, describe, expect, it } from 'vitest';
import * as handrail from '../../../../src/index.js';
import { sharedTempDir } from '../../../support/temp.js';
import type { CorpusCase } from './corpus.js';
import { judge, type Run, runHandrailCases, type Verdict } from './harness.js';
import { HELD_OUT_CATEGORIES, type HeldOutCase, loadHeldOut } from './held-out/index.js';

interface Result {
  c: HeldOutCase;
  verdict: Verdict;
  /** A refusal case that landed exactly as one of its accepted landings. */
  acceptedLanding?: boolean;
  /** A landing case that landed as one of its `alsoAccept` files rather than the first expectation. */
  alternative?: boolean;
}

const cases = loadHeldOut();
const results: Result[] = [];
const TOOLS = ['edit_file', 'apply_patch'] as const;

/** The harness's verdict, except that a refusal case landing as one of its accepted landings counts as landed. */
function resultOf(c: HeldOutCase, run: Run): Result {
  const verdict = judge(c as unknown as CorpusCase, run);
  if (
    verdict.outcome === 'broken' &&
    'refuse' in c.expect &&
    c.expect.acceptLanding?.includes(verdict.got ?? '')
  ) {
    return { c, verdict: { outcome: 'landed' }, acceptedLanding: true };
  }
  const alternative =
    verdict.outcome === 'landed' && 'file' in c.expect && run.after.toString('utf8') !== c.expect.file;
  return { c, verdict, ...(alternative ? { alternative } : {}) };
}

beforeAll(async () => {
  const root = sharedTempDir('handrail-held-out-');
  const runs = await runHandrailCases(handrail, root, cases as unknown as CorpusCase[]);
  results.push(...cases.map((c, n) => resultOf(c, runs[n]!)));
  console.log(report());
}, 60_000);

const shouldLand = (c: HeldOutCase) => 'file' in c.expect;
const percent = (part: number, whole: number) =>
  whole === 0 ? '    -' : `${((100 * part) / whole).toFixed(0)}%`.padStart(5);

/** Visible whitespace and line endings, for diffs. */
const show = (line: string) => JSON.stringify(line);

/** The expected and the actual file from their first differing line, a few lines each. */
function diff(expected: string, got: string): string {
  const a = expected.split('\n');
  const b = got.split('\n');
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  const rows = [`      first difference at line ${i + 1}:`];
  for (const line of a.slice(i, i + 4)) rows.push(`      - ${show(line)}`);
  for (const line of b.slice(i, i + 4)) rows.push(`      + ${show(line)}`);
  return rows.join('\n');
}

/** Whether a result fails the goals: wrong place, broken or missed refusals, a refusal not naming its lines. */
function fails({ verdict }: Result): boolean {
  return (
    verdict.outcome === 'wrong' ||
    verdict.outcome === 'broken' ||
    verdict.outcome === 'missed' ||
    (verdict.outcome === 'held' && !verdict.namesCandidate)
  );
}

function describeFailure({ c, verdict }: Result): string {
  const message = (verdict.message ?? '').split('\n').slice(0, 6).join('\n      ');
  const flag = c.outsideDocs ? ' (expectation beyond docs/tools.md)' : '';
  const head = `  ${c.id} [${c.tool}]${flag}: `;
  switch (verdict.outcome) {
    case 'wrong':
      return `${head}LANDED WRONG\n${diff('file' in c.expect ? c.expect.file : '', verdict.got ?? '')}`;
    case 'broken':
      return `${head}REFUSAL BROKEN, the file changed\n${diff(c.current ?? c.original, verdict.got ?? '')}`;
    case 'missed':
      return `${head}refused, should have landed\n      ${message}`;
    default: {
      const lines = 'lines' in c.expect ? c.expect.lines.join(', ') : '';
      return `${head}refusal held but does not name line(s) ${lines}\n      ${message}`;
    }
  }
}

/** Landed %, wrong-place count, refusals held % and naming the candidate %, per tool and category. */
function report(): string {
  const out = ['', `held-out edit cases: ${cases.length}`];
  for (const tool of TOOLS) {
    out.push('', `${tool}           land  landed  wrong | refuse  held  named`);
    const categories = [...HELD_OUT_CATEGORIES, 'total'];
    for (const category of categories) {
      const rows = results.filter(
        (r) => r.c.tool === tool && (category === 'total' || r.c.category === category),
      );
      if (rows.length === 0) continue;
      const landing = rows.filter((r) => shouldLand(r.c));
      const refusing = rows.filter((r) => !shouldLand(r.c));
      const landed = landing.filter((r) => r.verdict.outcome === 'landed').length;
      const wrong = rows.filter(
        (r) => r.verdict.outcome === 'wrong' || r.verdict.outcome === 'broken',
      ).length;
      const accepted = refusing.filter((r) => r.acceptedLanding).length;
      const held = refusing.filter((r) => r.verdict.outcome === 'held').length;
      const named = refusing.filter((r) => r.verdict.namesCandidate).length;
      out.push(
        `  ${category.padEnd(22)}${String(landing.length).padStart(4)}  ${percent(landed, landing.length)}  ${String(wrong).padStart(5)} | ` +
          `${String(refusing.length).padStart(6)} ${percent(held + accepted, refusing.length)} ${percent(named, held)}`,
      );
    }
  }
  out.push(
    '',
    'wrong = landed other than expected, or a refusal case that changed the file; named = refusals naming the',
    'expected lines. Cases marked `outsideDocs` (file kinds and behaviours docs/tools.md does not promise):',
  );
  for (const tool of TOOLS) {
    const beyond = results.filter((r) => r.c.tool === tool && r.c.outsideDocs);
    const wrong = beyond.filter(
      (r) => r.verdict.outcome === 'wrong' || r.verdict.outcome === 'broken',
    ).length;
    out.push(`  ${tool}: ${beyond.length} cases, ${wrong} wrong`);
  }
  const accepted = results.filter((r) => r.acceptedLanding).map((r) => r.c.id);
  if (accepted.length)
    out.push('', `refusal cases that landed exactly as intended instead: ${accepted.join(', ')}`);
  const alternatives = results.filter((r) => r.alternative).map((r) => r.c.id);
  if (alternatives.length) out.push('', `landed as an accepted alternative: ${alternatives.join(', ')}`);
  const failing = results.filter(fails);
  out.push('', failing.length ? `failing cases (${failing.length}):` : 'no failing cases');
  for (const r of failing) out.push(describeFailure(r));
  return out.join('\n');
}

/** Failing results of one tool, among the cases whose expectation docs/tools.md promises (or beyond it). */
const failuresOf = (tool: string, keep: (r: Result) => boolean, beyondDocs = false) =>
  results
    .filter((r) => r.c.tool === tool && Boolean(r.c.outsideDocs) === beyondDocs && keep(r))
    .map((r) => `${r.c.id}: ${r.verdict.outcome}`);

describe('the held-out cases', () => {
  it('cover every category in at least 8 languages the corpus does not have, with both tools', () => {
    expect(cases.length).toBeGreaterThanOrEqual(120);
    // The corpus's fixtures (fixtures/*.js).
    const corpusLanguages = [
      ...['c', 'fsharp', 'go', 'haskell', 'java', 'javascript', 'json', 'makefile', 'markdown'],
      ...['python', 'rust', 'shell', 'typescript', 'yaml'],
    ];
    const others = new Set(cases.map((c) => c.language).filter((l) => !corpusLanguages.includes(l)));
    expect(others.size).toBeGreaterThanOrEqual(8);
    expect(new Set(cases.map((c) => c.category))).toEqual(new Set(HELD_OUT_CATEGORIES));
    expect(new Set(cases.map((c) => c.tool))).toEqual(new Set(TOOLS));
  });
});

describe.each(TOOLS)('%s on the held-out cases', (tool) => {
  it('never lands an edit in the wrong place or corrupts the file', () => {
    expect(failuresOf(tool, (r) => r.verdict.outcome === 'wrong')).toEqual([]);
  });

  it('refuses every edit that must be refused, leaving the file as it was', () => {
    expect(failuresOf(tool, (r) => r.verdict.outcome === 'broken')).toEqual([]);
  });

  it('lands at least 99% of the edits that should land', () => {
    const landing = results.filter((r) => r.c.tool === tool && !r.c.outsideDocs && shouldLand(r.c));
    const landed = landing.filter((r) => r.verdict.outcome === 'landed').length;
    const share = (100 * landed) / landing.length;
    const missed = failuresOf(tool, (r) => shouldLand(r.c) && r.verdict.outcome === 'missed');
    expect(share >= 99 ? [] : missed, `${share.toFixed(1)}% landed`).toEqual([]);
  });

  it("names the closest candidate's lines in every refusal", () => {
    expect(failuresOf(tool, (r) => r.verdict.outcome === 'held' && !r.verdict.namesCandidate)).toEqual([]);
  });

  // Cases whose expectation follows issue 16's goal where docs/tools.md promises less: file kinds it does
  // not list (decided "by extension and content"), an @@ line whose block does not hold the lines, new_text
  // typed in the other indentation style after an exact match.
  it('beyond docs/tools.md: lands nothing in the wrong place and keeps every refusal', () => {
    expect(
      failuresOf(tool, (r) => r.verdict.outcome === 'wrong' || r.verdict.outcome === 'broken', true),
    ).toEqual([]);
  });
});
