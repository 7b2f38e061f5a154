// Held-out cases. Tabs against spaces: lands in the file's own style, never mixed.
import { editCase, lands, patchCase, swap, swaps } from '../build.js';

const makeLint = `.PHONY: test lint

test:
\tgo test ./...

lint:
\tgolangci-lint run
\tgo vet ./...
`;

const pyQueue = `class Queue:
\tdef __init__(self):
\t\tself.items = []

\tdef push(self, item):
\t\tself.items.append(item)

\tdef pop(self):
\t\treturn self.items.pop(0)
`;

const luaInventory = `function Inventory:add(item, qty)
\tqty = qty or 1
\tlocal slot = self.slots[item.id]
\tif slot then
\t\tslot.qty = slot.qty + qty
\telse
\t\tself.slots[item.id] = { item = item, qty = qty }
\tend
end
`;

const rubyNotify = `def notify(users)
  users.each do |u|
    next unless u.subscribed?
    Mailer.digest(u).deliver_later
  end
end
`;

const makeBuild = `build: $(SRC)
\tmkdir -p bin
\tgo build -o bin/app ./cmd/app

clean:
\trm -rf bin
`;

const pyParse = `def parse(lines):
\tout = {}
\tfor line in lines:
\t\tif not line.strip() or line.startswith("#"):
\t\t\tcontinue
\t\tkey, _, value = line.partition("=")
\t\tout[key.strip()] = value.strip()
\treturn out
`;

const phpWp = `<?php
function acme_enqueue_assets() {
\twp_enqueue_style( 'acme', plugins_url( 'css/acme.css', __FILE__ ) );
\tif ( is_admin() ) {
\t\twp_enqueue_script( 'acme-admin', plugins_url( 'js/admin.js', __FILE__ ) );
\t}
}
`;

const elixirRouter = `defmodule Acme.Router do
  use Plug.Router

  plug :match
  plug :dispatch

  get "/health" do
    send_resp(conn, 200, "ok")
  end
end
`;

const swiftRetry = `func retry<T>(_ times: Int, _ body: () throws -> T) rethrows -> T {
\tvar attempt = 0
\twhile true {
\t\tdo {
\t\t\treturn try body()
\t\t} catch {
\t\t\tattempt += 1
\t\t\tif attempt >= times { throw error }
\t\t}
\t}
}
`;

const makePy = `PY ?= python3

install:
\t$(PY) -m pip install -e .

test: install
\t$(PY) -m pytest -q
`;

const makeRust = `all: build

build:
\tcargo build --release
`;

const pyStack = `class Stack:
\tdef __init__(self):
\t\tself.items = []

\tdef pop(self):
\t\treturn self.items.pop()
`;

export const tabsSpacesCases = [
  editCase('tabs_spaces', 'makefile', 'recipe-in-spaces', {
    file: 'Makefile',
    original: makeLint,
    edits: [
      [
        'lint:\n    golangci-lint run\n    go vet ./...',
        'lint:\n    golangci-lint run --timeout 5m\n    go vet ./...\n    staticcheck ./...',
      ],
    ],
    expect: lands(
      swap(
        makeLint,
        '\tgolangci-lint run\n\tgo vet ./...\n',
        '\tgolangci-lint run --timeout 5m\n\tgo vet ./...\n\tstaticcheck ./...\n',
      ),
    ),
    note: 'a Makefile recipe quoted with spaces; the recipe lines must keep their tabs',
  }),
  editCase('tabs_spaces', 'python', 'tab-file-space-edit', {
    file: 'acme/queue.py',
    original: pyQueue,
    edits: [
      [
        '    def pop(self):\n        return self.items.pop(0)',
        '    def pop(self):\n        if not self.items:\n            raise IndexError("pop from empty queue")\n        return self.items.pop(0)',
      ],
    ],
    expect: lands(
      swap(
        pyQueue,
        '\t\treturn self.items.pop(0)\n',
        '\t\tif not self.items:\n\t\t\traise IndexError("pop from empty queue")\n\t\treturn self.items.pop(0)\n',
      ),
    ),
    note: 'a tab-indented Python class edited with 4-space indentation',
  }),
  patchCase('tabs_spaces', 'lua', 'space-hunk-tab-file', {
    file: 'src/inventory.lua',
    original: luaInventory,
    body: `@@ function Inventory:add(item, qty)
     if slot then
         slot.qty = slot.qty + qty
+        self:emit("changed", item)
     else
`,
    expect: lands(
      swap(
        luaInventory,
        '\t\tslot.qty = slot.qty + qty\n',
        '\t\tslot.qty = slot.qty + qty\n\t\tself:emit("changed", item)\n',
      ),
    ),
    note: 'a hunk in spaces for a tab-indented Lua file',
  }),
  editCase('tabs_spaces', 'ruby', 'tab-edit-space-file', {
    file: 'app/jobs/notify.rb',
    original: rubyNotify,
    edits: [
      [
        '\tusers.each do |u|\n\t\tnext unless u.subscribed?\n\t\tMailer.digest(u).deliver_later',
        '\tusers.each do |u|\n\t\tnext unless u.subscribed?\n\t\tnext if u.bounced?\n\t\tMailer.digest(u).deliver_later',
      ],
    ],
    expect: lands(
      swap(
        rubyNotify,
        '    next unless u.subscribed?\n',
        '    next unless u.subscribed?\n    next if u.bounced?\n',
      ),
    ),
    note: 'tabs from the model for a 2-space Ruby file',
  }),
  patchCase('tabs_spaces', 'makefile', 'space-hunk-recipe', {
    file: 'Makefile',
    original: makeBuild,
    body: `@@ build: $(SRC)
     mkdir -p bin
-    go build -o bin/app ./cmd/app
+    go build -trimpath -o bin/app ./cmd/app
`,
    expect: lands(swap(makeBuild, '\tgo build -o bin/app', '\tgo build -trimpath -o bin/app')),
    note: 'a Makefile hunk in spaces',
  }),
  patchCase('tabs_spaces', 'python', 'space-hunk-tab-file', {
    file: 'acme/envfile.py',
    original: pyParse,
    body: `@@ def parse(lines):
     for line in lines:
         if not line.strip() or line.startswith("#"):
             continue
+        if "=" not in line:
+            raise ValueError(f"bad line: {line!r}")
         key, _, value = line.partition("=")
`,
    expect: lands(
      swap(
        pyParse,
        '\t\tkey, _, value',
        '\t\tif "=" not in line:\n\t\t\traise ValueError(f"bad line: {line!r}")\n\t\tkey, _, value',
      ),
    ),
    note: 'a Python hunk in spaces for a tab-indented file',
  }),
  editCase('tabs_spaces', 'php', 'wordpress-tabs', {
    file: 'wp-content/plugins/acme/acme.php',
    original: phpWp,
    edits: [
      [
        "    if ( is_admin() ) {\n        wp_enqueue_script( 'acme-admin', plugins_url( 'js/admin.js', __FILE__ ) );\n    }",
        "    if ( is_admin() ) {\n        wp_enqueue_script( 'acme-admin', plugins_url( 'js/admin.js', __FILE__ ), array( 'jquery' ), '1.2.0', true );\n    }",
      ],
    ],
    expect: lands(swap(phpWp, '__FILE__ ) );\n\t}', "__FILE__ ), array( 'jquery' ), '1.2.0', true );\n\t}")),
    note: 'WordPress style (tabs) edited with spaces',
  }),
  patchCase('tabs_spaces', 'elixir', 'tab-hunk-space-file', {
    file: 'lib/acme/router.ex',
    original: elixirRouter,
    body: `@@ get "/health" do
-\t\tsend_resp(conn, 200, "ok")
+\t\tconn
+\t\t|> put_resp_content_type("text/plain")
+\t\t|> send_resp(200, "ok")
 \tend
`,
    expect: lands(
      swap(
        elixirRouter,
        '    send_resp(conn, 200, "ok")\n',
        '    conn\n    |> put_resp_content_type("text/plain")\n    |> send_resp(200, "ok")\n',
      ),
    ),
    note: 'a hunk in tabs for a 2-space Elixir file',
  }),
  editCase('tabs_spaces', 'swift', 'new-level-in-tab-file', {
    file: 'Sources/Util/Retry.swift',
    original: swiftRetry,
    edits: [
      [
        '        } catch {\n            attempt += 1\n            if attempt >= times { throw error }',
        '        } catch {\n            attempt += 1\n            if attempt >= times {\n                log.error("giving up after \\(attempt) attempts")\n                throw error\n            }',
      ],
    ],
    expect: lands(
      swap(
        swiftRetry,
        '\t\t\tif attempt >= times { throw error }\n',
        '\t\t\tif attempt >= times {\n\t\t\t\tlog.error("giving up after \\(attempt) attempts")\n\t\t\t\tthrow error\n\t\t\t}\n',
      ),
    ),
    note: 'a tab-indented Swift file; new_text opens a level old_text does not show',
  }),
  editCase('tabs_spaces', 'makefile', 'new-target-in-spaces', {
    file: 'Makefile',
    original: makePy,
    edits: [
      [
        'test: install\n    $(PY) -m pytest -q',
        'test: install\n    $(PY) -m pytest -q\n\ncoverage: install\n    $(PY) -m pytest --cov=acme\n    $(PY) -m coverage html',
      ],
    ],
    expect: lands(
      swaps(makePy, [
        [
          '\t$(PY) -m pytest -q\n',
          '\t$(PY) -m pytest -q\n\ncoverage: install\n\t$(PY) -m pytest --cov=acme\n\t$(PY) -m coverage html\n',
        ],
      ]),
    ),
    note: 'a new Makefile target whose recipe the model writes with spaces',
  }),
  editCase('tabs_spaces', 'makefile', 'exact-old-spaces-in-new', {
    file: 'Makefile',
    original: makeRust,
    edits: [
      ['build:\n\tcargo build --release', 'build:\n\tcargo build --release\n    strip target/release/app'],
    ],
    expect: lands(
      swap(makeRust, '\tcargo build --release\n', '\tcargo build --release\n\tstrip target/release/app\n'),
    ),
    note: 'old_text copied with its tab, the added recipe line typed with spaces (make needs a tab)',
    outsideDocs: true,
  }),
  editCase('tabs_spaces', 'python', 'exact-old-new-in-spaces', {
    file: 'acme/stack.py',
    original: pyStack,
    edits: [
      [
        '\tdef pop(self):\n\t\treturn self.items.pop()',
        '    def pop(self):\n        if not self.items:\n            return None\n        return self.items.pop()',
      ],
    ],
    expect: lands(
      swap(
        pyStack,
        '\t\treturn self.items.pop()\n',
        '\t\tif not self.items:\n\t\t\treturn None\n\t\treturn self.items.pop()\n',
      ),
    ),
    note: 'old_text copied with tabs, new_text typed with spaces (Python rejects the mix)',
    outsideDocs: true,
  }),
  patchCase('tabs_spaces', 'makefile', 'tab-context-space-addition', {
    file: 'Makefile',
    original: makeRust,
    body: `@@ build:
 \tcargo build --release
+    strip target/release/app
`,
    expect: lands(
      swap(makeRust, '\tcargo build --release\n', '\tcargo build --release\n\tstrip target/release/app\n'),
    ),
    note: 'the hunk context has the tab, the added line spaces',
  }),
];
