// Held-out cases. Indentation drift that changes the structure in indentation-significant files: refused, naming the line
// that would move into or out of a block.
import { editCase, lineOf, patchCase, refuses } from '../build.js';

const pySync = `import logging

log = logging.getLogger(__name__)


def sync(accounts, dry_run=False):
    for account in accounts:
        if account.disabled:
            log.info("skip %s", account.id)
            continue
        changes = account.pending_changes()
        if not dry_run:
            account.apply(changes)
    return len(accounts)
`;

const pyRotate = `#!/usr/bin/env python3
import os
import sys

def main(root):
\tfor name in os.listdir(root):
\t\tpath = os.path.join(root, name)
\t\tif name.endswith(".log"):
\t\t\tos.rename(path, path + ".1")
\tprint("rotated", file=sys.stderr)

if __name__ == "__main__":
\tmain(sys.argv[1])
`;

const workflow = `name: test
on: [push]

jobs:
  unit:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
      - run: npm ci
      - run: npm test
    env:
      CI: true  # makes jest non-interactive
`;

const makeDeploy = `APP := server
DEST ?= deploy@prod.example.com

.PHONY: deploy
deploy: build
\trsync -av --delete \\
\t  dist/ $(DEST):/srv/$(APP)
\tssh $(DEST) systemctl restart $(APP)
`;

const nimArgs = `proc parseArgs(args: seq[string]): Options =
  result = Options(verbose: false)
  for arg in args:
    case arg
    of "-v", "--verbose":
      result.verbose = true
    of "-q":
      result.quiet = true
    else:
      result.files.add(arg)
  if result.files.len == 0:
    result.files.add("-")
`;

const coffeeBot = `module.exports = (robot) ->
  robot.respond /deploy (\\S+)/i, (res) ->
    env = res.match[1]
    unless env in ['staging', 'prod']
      return res.reply "unknown env #{env}"
    res.reply "deploying to #{env}"
    deploy env
`;

const pugLinks = `ul.links
  li
    a(href="/docs") Docs
  li
    a(href="/blog") Blog
p.footer Made with care
`;

const mdSetup = `# Setup

1. Install the CLI:
   - macOS: \`brew install acme\`
   - Linux: download the tarball
2. Log in with \`acme login\`.
3. Run \`acme init\` in your project.
`;

const bzl = `def go_service(name, srcs, deps = []):
    go_library(
        name = name + "_lib",
        srcs = srcs,
        deps = deps,
    )
    if native.existing_rule(name + "_image") == None:
        oci_image(name = name + "_image", base = "@distroless_base")
    go_binary(name = name, embed = [":" + name + "_lib"])
`;

const rst = `Configuration
=============

.. note::

   The cache directory must be writable.
   It is created on first run.

Set \`\`CACHE_DIR\`\` to override it.
`;

const pyHandler = `import json


def handler(event, context):
    records = event.get("Records", [])
    for record in records:
        body = json.loads(record["body"])
        if body.get("type") == "ping":
            continue
        process(body)
    return {"processed": len(records)}
`;

const k8s = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: 2
  template:
    spec:
      containers:
        - name: web
          image: ghcr.io/acme/web:1.4.2
      nodeSelector:
        pool: general
`;

export const indentationStructureCases = [
  editCase('indentation_structure', 'python', 'statement-moved-into-if', {
    file: 'acme/sync.py',
    original: pySync,
    edits: [
      [
        '        if account.disabled:\n            log.info("skip %s", account.id)\n            continue\n            changes = account.pending_changes()',
        '        if account.disabled:\n            log.info("skip %s", account.id)\n            continue\n            changes = account.pending_changes()\n            log.debug("%d changes", len(changes))',
      ],
    ],
    expect: refuses(lineOf(pySync, 'changes = account.pending_changes()')),
    note: 'the model nests the statement after `continue` inside the if',
  }),
  editCase('indentation_structure', 'python', 'tabs-shebang-no-extension', {
    file: 'bin/rotate-logs',
    original: pyRotate,
    edits: [
      [
        '    for name in os.listdir(root):\n        path = os.path.join(root, name)\n        if name.endswith(".log"):\n            os.rename(path, path + ".1")\n        print("rotated", file=sys.stderr)',
        '    for name in os.listdir(root):\n        path = os.path.join(root, name)\n        if name.endswith(".log"):\n            os.rename(path, path + ".1")\n        print("rotated", name, file=sys.stderr)',
      ],
    ],
    expect: refuses(lineOf(pyRotate, 'print("rotated"')),
    note: 'a tab-indented Python script known by its #! line; the model moves print into the loop',
  }),
  editCase('indentation_structure', 'yaml', 'env-moved-under-steps', {
    file: '.github/workflows/test.yml',
    original: workflow,
    edits: [
      [
        '    steps:\n      - uses: actions/checkout@v4\n      - run: npm ci\n      - run: npm test\n      env:\n        CI: true  # makes jest non-interactive',
        '    steps:\n      - uses: actions/checkout@v4\n      - run: npm ci\n      - run: npm test\n      env:\n        CI: true  # makes jest non-interactive\n        NODE_OPTIONS: --max-old-space-size=4096',
      ],
    ],
    expect: refuses(lineOf(workflow, '    env:')),
    note: 'the job-level env written as if it belonged to the steps',
  }),
  editCase('indentation_structure', 'makefile', 'command-nested-as-continuation', {
    file: 'Makefile',
    original: makeDeploy,
    edits: [
      [
        'deploy: build\n    rsync -av --delete \\\n      dist/ $(DEST):/srv/$(APP)\n      ssh $(DEST) systemctl restart $(APP)',
        'deploy: build\n    rsync -av --delete \\\n      dist/ $(DEST):/srv/$(APP)\n      ssh $(DEST) sudo systemctl restart $(APP)',
      ],
    ],
    expect: refuses(lineOf(makeDeploy, '\tssh $(DEST)')),
    note: 'the model indents the next recipe command like the continuation line above it',
  }),
  editCase('indentation_structure', 'nim', 'if-moved-into-loop', {
    file: 'src/cli.nim',
    original: nimArgs,
    edits: [
      [
        'for arg in args:\n  case arg\n  of "-v", "--verbose":\n    result.verbose = true\n  of "-q":\n    result.quiet = true\n  else:\n    result.files.add(arg)\n  if result.files.len == 0:\n    result.files.add("-")',
        'for arg in args:\n  case arg\n  of "-v", "--verbose":\n    result.verbose = true\n  of "-q":\n    result.quiet = true\n  else:\n    result.files.add(arg)\n  if result.files.len == 0:\n    result.files.add("/dev/stdin")',
      ],
    ],
    expect: refuses(lineOf(nimArgs, '  if result.files.len == 0:')),
    note: 'a Nim loop quoted at column 0 with the following `if` nested inside it',
  }),
  editCase('indentation_structure', 'coffeescript', 'reply-moved-into-unless', {
    file: 'scripts/deploy.coffee',
    original: coffeeBot,
    edits: [
      [
        'unless env in [\'staging\', \'prod\']\n  return res.reply "unknown env #{env}"\n  res.reply "deploying to #{env}"',
        'unless env in [\'staging\', \'prod\']\n  return res.reply "unknown env #{env}"\n  res.reply "deploying #{env} now"',
      ],
    ],
    expect: refuses(lineOf(coffeeBot, '    res.reply "deploying to')),
    note: 'the model nests the line after `return` inside the unless',
  }),
  editCase('indentation_structure', 'pug', 'sibling-nested-under-li', {
    file: 'views/links.pug',
    original: pugLinks,
    edits: [
      [
        'li\n  a(href="/blog") Blog\n  p.footer Made with care',
        'li\n  a(href="/blog") Blog\n  p.footer Made with love',
      ],
    ],
    expect: refuses(lineOf(pugLinks, 'p.footer')),
    note: 'a top-level element quoted as a child of the last li',
  }),
  editCase('indentation_structure', 'markdown', 'nested-list-flattened', {
    file: 'docs/setup.md',
    original: mdSetup,
    edits: [
      [
        '- macOS: `brew install acme`\n- Linux: download the tarball\n2. Log in with `acme login`.',
        '- macOS: `brew install acme`\n- Linux: download the tarball\n- Windows: `winget install acme`\n2. Log in with `acme login`.',
      ],
    ],
    expect: refuses(lineOf(mdSetup, '2. Log in')),
    note: 'a nested list quoted flat, with the next top-level item at the same depth',
  }),
  editCase('indentation_structure', 'starlark', 'bzl-call-moved-into-if', {
    file: 'build/defs.bzl',
    original: bzl,
    edits: [
      [
        'if native.existing_rule(name + "_image") == None:\n    oci_image(name = name + "_image", base = "@distroless_base")\n    go_binary(name = name, embed = [":" + name + "_lib"])',
        'if native.existing_rule(name + "_image") == None:\n    oci_image(name = name + "_image", base = "@distroless_base")\n    go_binary(name = name, embed = [":" + name + "_lib"], visibility = ["//visibility:public"])',
      ],
    ],
    expect: refuses(lineOf(bzl, '    go_binary(')),
    note: 'Starlark (Python syntax) in a .bzl file: the model nests the last call inside the if',
    outsideDocs: true,
  }),
  editCase('indentation_structure', 'rst', 'paragraph-moved-into-directive', {
    file: 'docs/config.rst',
    original: rst,
    edits: [
      [
        '   The cache directory must be writable.\n   It is created on first run.\n\n   Set ``CACHE_DIR`` to override it.',
        '   The cache directory must be writable.\n   It is created on first run.\n\n   Set ``CACHE_DIR`` or ``--cache`` to override it.',
      ],
    ],
    expect: refuses(lineOf(rst, 'Set ``CACHE_DIR``')),
    note: 'reStructuredText: the model puts the paragraph after a note inside the note',
    outsideDocs: true,
  }),
  patchCase('indentation_structure', 'python', 'hunk-nests-call-in-if', {
    file: 'lambda/handler.py',
    original: pyHandler,
    body: `@@ def handler(event, context):
     for record in records:
         body = json.loads(record["body"])
         if body.get("type") == "ping":
             continue
-            process(body)
+            process(body, context.aws_request_id)
`,
    expect: refuses(lineOf(pyHandler, '        process(body)')),
    note: 'the hunk nests the call after `continue` inside the if',
  }),
  patchCase('indentation_structure', 'yaml', 'hunk-moves-nodeselector-into-container', {
    file: 'k8s/web.yaml',
    original: k8s,
    body: `@@ containers:
   - name: web
     image: ghcr.io/acme/web:1.4.2
-    nodeSelector:
-      pool: general
+    nodeSelector:
+      pool: highmem
`,
    expect: refuses(lineOf(k8s, 'nodeSelector:')),
    note: 'the hunk puts the pod-level nodeSelector inside the container item',
  }),
];
