// Held-out cases. Trailing whitespace: the file has spaces or tabs at line ends the model leaves out (or the reverse).
import { editCase, lands, patchCase, sp, swap, swaps } from '../build.js';

const sqlTrailing = sp(`SELECT c.id,␠␠
       c.name,␠
       COUNT(o.id) AS orders␠
FROM customers c␠
LEFT JOIN orders o ON o.customer_id = c.id
GROUP BY c.id, c.name;
`);

const phpTrailing = sp(`<?php

function slugify(string $title): string␠␠␠␠
{
    $slug = strtolower(trim($title));␠
    $slug = preg_replace('/[^a-z0-9]+/', '-', $slug);
    return trim($slug, '-');
}
`);

const markdownBreaks = sp(`# Release checklist

Before tagging:␠␠
run the full test suite,␠␠
update CHANGELOG.md,␠␠
and bump the version in package.json.

After tagging, publish the docs.
`);

const luaTabs = `local function clamp(x, lo, hi)\t
  if x < lo then return lo end
  if x > hi then return hi end\t\t
  return x
end
`;

const hclTrailing = sp(`resource "aws_s3_bucket" "logs" {␠
  bucket = "acme-logs-prod"␠␠
  tags = {
    team = "platform"
  }
}
`);

const yamlTrailing = sp(`# CI for the docs site␠
name: docs␠
on:
  push:
    branches: [main]␠␠
  pull_request:

jobs:
  build:
    runs-on: ubuntu-latest  # pinned below␠
    steps:
      - uses: actions/checkout@v4
`);

const rubyThrottle = `class Throttle
  def initialize(limit:, per:)
    @limit = limit
    @per = per
    @hits = Hash.new(0)
  end
end
`;

const htmlTrailing = sp(`<!doctype html>
<html lang="en">␠
<head>
  <meta charset="utf-8">␠␠
  <title>Status</title>
</head>
<body>
  <main id="app"></main>␠
  <script src="/app.js"></script>
</body>
</html>
`);

const kotlinPort = `fun parsePort(raw: String?): Int {
    val port = raw?.toIntOrNull() ?: 8080
    require(port in 1..65535) { "bad port: $port" }
    return port
}
`;

export const trailingWhitespaceCases = [
  editCase('trailing_whitespace', 'sql', 'select-list', {
    file: 'reports/top_customers.sql',
    original: sqlTrailing,
    edits: [
      [
        '       COUNT(o.id) AS orders\nFROM customers c\n',
        '       COUNT(o.id) AS orders,\n       SUM(o.total_cents) AS spent\nFROM customers c\n',
      ],
    ],
    expect: lands(
      swap(
        sqlTrailing,
        '       COUNT(o.id) AS orders \n',
        '       COUNT(o.id) AS orders,\n       SUM(o.total_cents) AS spent\n',
      ),
      swap(
        sqlTrailing,
        '       COUNT(o.id) AS orders \nFROM customers c \n',
        '       COUNT(o.id) AS orders,\n       SUM(o.total_cents) AS spent\nFROM customers c\n',
      ),
    ),
    note: 'the file has trailing spaces a GUI left; the model quotes the lines without them',
  }),
  patchCase('trailing_whitespace', 'php', 'context-and-anchor', {
    file: 'src/slugify.php',
    original: phpTrailing,
    body: `@@ function slugify(string $title): string
 {
     $slug = strtolower(trim($title));
-    $slug = preg_replace('/[^a-z0-9]+/', '-', $slug);
+    $slug = preg_replace('/[^a-z0-9]+/u', '-', $slug);
     return trim($slug, '-');
`,
    expect: lands(
      swap(
        phpTrailing,
        "    $slug = preg_replace('/[^a-z0-9]+/', '-', $slug);",
        "    $slug = preg_replace('/[^a-z0-9]+/u', '-', $slug);",
      ),
    ),
    note: 'the @@ line and a context line have trailing spaces in the file, not in the hunk',
  }),
  editCase('trailing_whitespace', 'markdown', 'hard-line-breaks', {
    file: 'docs/RELEASING.md',
    original: markdownBreaks,
    edits: [
      [
        'run the full test suite,\nupdate CHANGELOG.md,\nand bump the version in package.json.',
        'run the full test suite,\nupdate CHANGELOG.md and the migration notes,\nand bump the version in package.json.',
      ],
    ],
    // The unchanged line keeps its hard break (two spaces); the changed line may keep it or not.
    expect: lands(
      swap(markdownBreaks, 'update CHANGELOG.md,  \n', 'update CHANGELOG.md and the migration notes,  \n'),
      swap(markdownBreaks, 'update CHANGELOG.md,  \n', 'update CHANGELOG.md and the migration notes,\n'),
    ),
    note: 'Markdown hard line breaks (two trailing spaces) the model does not reproduce',
  }),
  editCase('trailing_whitespace', 'lua', 'trailing-tabs', {
    file: 'lib/mathx.lua',
    original: luaTabs,
    edits: [
      [
        '  if x > hi then return hi end\n  return x',
        '  if x > hi then return hi end\n  return math.floor(x)',
      ],
    ],
    expect: lands(
      swap(luaTabs, '  return x\n', '  return math.floor(x)\n'),
      swaps(luaTabs, [
        ['  if x > hi then return hi end\t\t\n', '  if x > hi then return hi end\n'],
        ['  return x\n', '  return math.floor(x)\n'],
      ]),
    ),
    note: 'trailing tabs in the file',
  }),
  patchCase('trailing_whitespace', 'terraform', 'removed-line-has-spaces', {
    file: 'infra/s3.tf',
    original: hclTrailing,
    body: `@@ resource "aws_s3_bucket" "logs" {
-  bucket = "acme-logs-prod"
+  bucket = "acme-logs-prod-eu"
   tags = {
`,
    expect: lands(swap(hclTrailing, '  bucket = "acme-logs-prod"  \n', '  bucket = "acme-logs-prod-eu"\n')),
    note: 'the removed line and the @@ line carry trailing spaces in the file',
  }),
  editCase('trailing_whitespace', 'yaml', 'commented-workflow', {
    file: '.github/workflows/docs.yml',
    original: yamlTrailing,
    edits: [['    branches: [main]\n  pull_request:', '    branches: [main, release/*]\n  pull_request:']],
    expect: lands(
      swap(yamlTrailing, '    branches: [main]  \n', '    branches: [main, release/*]\n'),
      swap(yamlTrailing, '    branches: [main]  \n', '    branches: [main, release/*]  \n'),
    ),
    note: 'a YAML workflow with comments and trailing spaces',
  }),
  editCase('trailing_whitespace', 'ruby', 'model-adds-spaces', {
    file: 'lib/throttle.rb',
    original: rubyThrottle,
    edits: [['    @limit = limit \n    @per = per ', '    @limit = Integer(limit)\n    @per = per']],
    expect: lands(swap(rubyThrottle, '    @limit = limit\n', '    @limit = Integer(limit)\n')),
    note: 'the model adds trailing spaces the file does not have',
  }),
  patchCase('trailing_whitespace', 'html', 'meta-viewport', {
    file: 'public/status.html',
    original: htmlTrailing,
    body: `@@ <head>
   <meta charset="utf-8">
+  <meta name="viewport" content="width=device-width, initial-scale=1">
   <title>Status</title>
`,
    expect: lands(
      swap(
        htmlTrailing,
        '  <title>Status</title>\n',
        '  <meta name="viewport" content="width=device-width, initial-scale=1">\n  <title>Status</title>\n',
      ),
    ),
    note: 'a context line with trailing spaces in the file; they must stay',
  }),
  patchCase('trailing_whitespace', 'kotlin', 'hunk-has-spaces', {
    file: 'src/main/kotlin/Port.kt',
    original: kotlinPort,
    body: sp(`@@ fun parsePort(raw: String?): Int {
-    val port = raw?.toIntOrNull() ?: 8080␠␠
+    val port = raw?.trim()?.toIntOrNull() ?: 8080
     require(port in 1..65535) { "bad port: $port" }
`),
    expect: lands(
      swap(
        kotlinPort,
        '    val port = raw?.toIntOrNull() ?: 8080\n',
        '    val port = raw?.trim()?.toIntOrNull() ?: 8080\n',
      ),
    ),
    note: 'the removed line in the hunk has trailing spaces the file does not',
  }),
  patchCase('trailing_whitespace', 'markdown', 'hard-line-breaks-in-context', {
    file: 'docs/RELEASING.md',
    original: markdownBreaks,
    body: `@@ Before tagging:
 run the full test suite,
-update CHANGELOG.md,
+update CHANGELOG.md and the migration notes,
 and bump the version in package.json.
`,
    expect: lands(
      swap(markdownBreaks, 'update CHANGELOG.md,  \n', 'update CHANGELOG.md and the migration notes,\n'),
      swap(markdownBreaks, 'update CHANGELOG.md,  \n', 'update CHANGELOG.md and the migration notes,  \n'),
    ),
    note: 'Markdown hard line breaks on the context lines; the hunk leaves them out',
  }),
];
