// Held-out cases. Patches with weak context: refused when short context recurs without an @@ line; landed when the hunk is
// unique or anchored.
import { lands, lineOf, patchCase, refuses, swap } from '../build.js';

const rubyFlags = `class Flags
  def beta?
    ENV["BETA"] == "1"
  end

  def dark_mode?
    true
  end

  def new_checkout?
    true
  end
end
`;

const sqlTables = `CREATE TABLE users (
    id BIGSERIAL PRIMARY KEY,
    email TEXT NOT NULL UNIQUE
);

CREATE TABLE sessions (
    id BIGSERIAL PRIMARY KEY,
    user_id BIGINT NOT NULL REFERENCES users(id)
);
`;

const cssLayout = `.header {
  display: flex;
  gap: 8px;
}

.footer {
  color: #666;
  display: flex;
  gap: 8px;
}
`;

const luaChecks = `local M = {}

function M.valid(x)
  if type(x) ~= "table" then
    return false
  end
  return true
end

function M.ready(state)
  if state.loaded then
    return true
  end
  return false
end

return M
`;

const pyConns = `class A:
    def close(self):
        self.conn.close()
        return None

class B:
    def close(self):
        self.conn.close()
        return None
`;

const cargoBins = `[[bin]]
name = "server"
path = "src/bin/server.rs"

[[bin]]
name = "migrate"
path = "src/bin/migrate.rs"
`;

const vueModal = `<template>
  <div class="modal">
    <div class="modal__body">
      <slot />
    </div>
    <div class="modal__footer">
      <button @click="$emit('close')">Close</button>
    </div>
  </div>
</template>
`;

const dockerStages = `FROM node:20 AS deps
WORKDIR /app
COPY package*.json ./
RUN npm ci

FROM node:20 AS test
WORKDIR /app
COPY package*.json ./
RUN npm ci
COPY . .
RUN npm test
`;

const ciStages = `stages:
  - build
  - test
jobs_order:
  - build
  - test
`;

const pyReadersNested = `class Reader:
    def __init__(self, path):
        self.path = path
        self.handle = None

class Writer:
    def __init__(self, path):
        self.path = path
        self.handle = None
`;

export const weakContextCases = [
  patchCase('weak_context', 'ruby', 'short-context-no-anchor', {
    file: 'lib/flags.rb',
    original: rubyFlags,
    body: `-    true
+    false
   end
`,
    expect: refuses(lineOf(rubyFlags, '    true', 1), lineOf(rubyFlags, '    true', 2)),
    note: 'a hunk with no @@ line whose two lines occur in two methods',
  }),
  patchCase('weak_context', 'ruby', 'short-context-anchored', {
    file: 'lib/flags.rb',
    original: rubyFlags,
    body: `@@ def new_checkout?
-    true
+    ENV["NEW_CHECKOUT"] == "1"
   end
`,
    expect: lands(
      swap(
        rubyFlags,
        '  def new_checkout?\n    true\n',
        '  def new_checkout?\n    ENV["NEW_CHECKOUT"] == "1"\n',
      ),
    ),
    note: 'the same short hunk, singled out by its @@ line',
  }),
  patchCase('weak_context', 'sql', 'short-unique-context', {
    file: 'db/schema.sql',
    original: sqlTables,
    body: `@@
-    email TEXT NOT NULL UNIQUE
+    email TEXT NOT NULL UNIQUE,
+    created_at TIMESTAMPTZ NOT NULL DEFAULT now()
 );
`,
    expect: lands(
      swap(
        sqlTables,
        '    email TEXT NOT NULL UNIQUE\n',
        '    email TEXT NOT NULL UNIQUE,\n    created_at TIMESTAMPTZ NOT NULL DEFAULT now()\n',
      ),
    ),
    note: 'short context, but the removed line is unique',
  }),
  patchCase('weak_context', 'sql', 'addition-after-repeated-line', {
    file: 'db/schema.sql',
    original: sqlTables,
    body: `@@
 );
+
+CREATE INDEX sessions_user_idx ON sessions (user_id);
`,
    expect: refuses(lineOf(sqlTables, ');', 1), lineOf(sqlTables, ');', 2)),
    note: 'a pure addition after a one-line context that closes both tables',
  }),
  patchCase('weak_context', 'css', 'second-hunk-recurs-before-first', {
    file: 'styles/layout.css',
    original: cssLayout,
    body: `@@ .footer {
-  color: #666;
+  color: #555;
@@
   display: flex;
-  gap: 8px;
+  gap: 16px;
`,
    expect: refuses(lineOf(cssLayout, 'display: flex', 1), lineOf(cssLayout, 'display: flex', 2)),
    note: 'the second hunk has no @@ line and its lines occur in both rules (one above the first hunk)',
  }),
  patchCase('weak_context', 'lua', 'two-places-ignoring-indentation', {
    file: 'lua/checks.lua',
    original: luaChecks,
    body: `@@
-return true
+return state ~= nil
 end
`,
    expect: refuses(lineOf(luaChecks, 'return true', 1), lineOf(luaChecks, 'return true', 2)),
    note: 'written without indentation, the hunk matches two places at different depths',
  }),
  patchCase('weak_context', 'python', 'anchor-picks-block-among-repeats', {
    file: 'acme/conns.py',
    original: pyConns,
    body: `@@ class A:
     def close(self):
         self.conn.close()
-        return None
+        self.conn = None
`,
    expect: lands(
      swap(
        pyConns,
        'class A:\n    def close(self):\n        self.conn.close()\n        return None\n',
        'class A:\n    def close(self):\n        self.conn.close()\n        self.conn = None\n',
      ),
    ),
    note: 'lines recur after the @@ line; the @@ line’s own block is taken',
  }),
  patchCase('weak_context', 'toml', 'repeated-header-unique-hunk', {
    file: 'Cargo.toml',
    original: cargoBins,
    body: `@@
 [[bin]]
-name = "migrate"
+name = "db-migrate"
`,
    expect: lands(swap(cargoBins, 'name = "migrate"', 'name = "db-migrate"')),
    note: 'the context line repeats, the hunk as a whole is unique',
  }),
  patchCase('weak_context', 'vue', 'closing-div-no-anchor', {
    file: 'src/components/Modal.vue',
    original: vueModal,
    body: `@@
     </div>
+    <div class="modal__divider" />
`,
    expect: refuses(lineOf(vueModal, '    </div>', 1), lineOf(vueModal, '    </div>', 2)),
    note: 'a pure addition after a closing tag that occurs twice at that depth',
  }),
  patchCase('weak_context', 'dockerfile', 'repeated-lines-anchored', {
    file: 'Dockerfile',
    original: dockerStages,
    body: `@@ FROM node:20 AS test
 COPY package*.json ./
 RUN npm ci
+RUN npx playwright install --with-deps
`,
    expect: lands(
      swap(
        dockerStages,
        'RUN npm ci\nCOPY . .',
        'RUN npm ci\nRUN npx playwright install --with-deps\nCOPY . .',
      ),
    ),
    note: 'two stages share the lines; the @@ line picks the second',
  }),
  patchCase('weak_context', 'dockerfile', 'repeated-lines-no-anchor', {
    file: 'Dockerfile',
    original: dockerStages,
    body: `@@
 COPY package*.json ./
 RUN npm ci
+RUN npx playwright install --with-deps
`,
    expect: refuses(lineOf(dockerStages, 'COPY package', 1), lineOf(dockerStages, 'COPY package', 2)),
    note: 'the same hunk without the @@ line',
  }),
  patchCase('weak_context', 'yaml', 'end-of-file-marker', {
    file: '.gitlab-ci.yml',
    original: ciStages,
    body: `@@
   - build
   - test
+  - deploy
*** End of File
`,
    expect: lands(`${ciStages}  - deploy\n`),
    note: 'the context recurs, but *** End of File says which',
  }),
  patchCase('weak_context', 'python', 'nested-anchors', {
    file: 'acme/io.py',
    original: pyReadersNested,
    body: `@@ class Writer:
@@     def __init__(self, path):
         self.path = path
         self.handle = None
+        self.lock = threading.Lock()
`,
    expect: lands(`${pyReadersNested}        self.lock = threading.Lock()\n`),
    note: 'two @@ lines (class, then method) single out the second of two identical methods',
  }),
];
