// Held-out cases. Wrong place: the model's copy of a block is stale (it changed the block earlier); only a twin of the block
// matches leniently. Refused, naming the line of the block the model meant that differs.
import { editCase, lineOf, patchCase, refuses } from '../build.js';

const pyCrawler = `def fetch_all(urls):
    results = []
    for url in urls:
        try:
            data = get(url, timeout=10)
        except Timeout:
            log.warning("timeout %s", url)
            continue
        results.append(data)
    return results


class Crawler:
    def crawl(self, urls):
        for url in urls:
            try:
                data = get(url, timeout=30)
            except Timeout:
                log.warning("timeout %s", url)
                continue
            self.store(data)
`;

const helmValues = `# Default values for acme.
image:
  repository: ghcr.io/acme/api
  tag: "2.3.0"

resources:
  limits:
    cpu: 500m
    memory: 256Mi

worker:
  replicas: 2
  resources:
    limits:
      cpu: "1"
      memory: 256Mi
`;

const kotlinClients = `fun defaultClient(): HttpClient =
    HttpClient(CIO) {
        install(HttpTimeout) {
            requestTimeoutMillis = 10_000
        }
    }

class Api {
    companion object {
        fun client(): HttpClient =
            HttpClient(CIO) {
                install(HttpTimeout) {
                    requestTimeoutMillis = 15_000
                }
            }
    }
}
`;

const rubyNormalize = `def normalize(params)
  params.transform_keys(&:to_s)
        .slice("name", "email")
end

module Admin
  module Forms
    def normalize(params)
      params.transform_keys(&:to_s)
            .slice("name", "email", "role")
    end
  end
end
`;

const luaRetry = `local function retry(fn, n)
  for i = 1, n do
    local ok, err = pcall(fn)
    if ok then return true end
  end
  return false
end

local Job = {}
function Job:run(n)
  local function attempt()
    for i = 1, n do
      local ok, err = pcall(self.fn)
      if ok then return true end
    end
    return false
  end
  return attempt()
end
`;

const pyRows = `def to_row(user):
    return {
        "id": user.id,
        "name": user.name,
        "email": user.email,
    }


class Exporter:
    def to_row(self, user):
        return {
            "id": user.id,
            "name": user.display_name,
            "email": user.email,
        }
`;

const composeLogging = `x-logging: &logging
  driver: json-file
  options:
    max-size: 10m
    max-file: "3"

services:
  api:
    image: acme/api
    logging:
      driver: json-file
      options:
        max-size: 50m
        max-file: "3"
`;

const elixirParams = `defmodule Acme.Params do
  def cast(params) do
    params
    |> Map.take(["name", "email"])
    |> Map.new(fn {k, v} -> {String.to_atom(k), v} end)
  end

  defmodule Admin do
    def cast(params) do
      params
      |> Map.take(["name", "email", "role"])
      |> Map.new(fn {k, v} -> {String.to_atom(k), v} end)
    end
  end
end
`;

const tfListeners = `resource "aws_lb_listener" "http" {
  port     = 80
  protocol = "HTTP"
}

module "edge" {
  source = "./modules/edge"
  listener = {
    port     = 8080
    protocol = "HTTP"
  }
}
`;

const railsPosts = `class PostsController < ApplicationController
  def create
    @post = Post.new(post_params)
    respond_to do |format|
      if @post.save
        format.html { redirect_to @post }
      else
        format.json { render json: @post.errors, status: :unprocessable_content }
      end
    end
  end

  def update
    respond_to do |format|
      if @post.update(post_params)
        format.html { redirect_to @post }
      else
        format.json { render json: @post.errors, status: :unprocessable_entity }
      end
    end
  end
end
`;

const pyImporter = `def load_users(path):
    rows = read_csv(path)
    users = [User(**r) for r in rows]
    return users


class Importer:
    def load_users(self, path):
        rows = read_csv(path)
        rows = [r for r in rows if r.get("email")]
        users = [User(**r) for r in rows]
        return users
`;

const kotlinCards = `fun render(user: User): String {
    val name = user.name.trim()
    val email = user.email.lowercase()
    return "$name <$email>"
}

class Card(val user: User) {
    fun render(): String {
        val name = user.displayName.trim()
        val email = user.email.lowercase().ifBlank { "n/a" }
        return "$name <$email>"
    }
}
`;

const yamlReplicas = `database:
  adapter: postgresql
  pool: 5
  timeout: 5000
replicas:
  reporting:
    adapter: postgresql
    timeout: 5000
`;

const luaHandlers = `local function on_save(buf)
  local name = vim.api.nvim_buf_get_name(buf)
  format(buf)
end

local M = {}
function M.attach(client)
  client.on_save = function(buf)
    local name = vim.api.nvim_buf_get_name(buf)
    if client.ready then format(buf) end
    lint(buf)
  end
end
`;

const pyEntries = `class Cache:
    class Entry:
        def expired(self):
            return time.time() > self.deadline

    def expired(self):
        return time.time() > self.deadline
`;

export const wrongPlaceCases = [
  editCase('wrong_place', 'python', 'stale-method-matches-function', {
    file: 'acme/crawl.py',
    original: pyCrawler,
    edits: [
      [
        '            try:\n                data = get(url, timeout=10)\n            except Timeout:\n                log.warning("timeout %s", url)',
        '            try:\n                data = get(url, timeout=10)\n            except Timeout:\n                log.warning("timeout %s after 30s", url)',
      ],
    ],
    expect: refuses(lineOf(pyCrawler, 'timeout=30')),
    note: 'the model changed the method’s timeout earlier; its stale copy matches the function above only leniently',
  }),
  editCase('wrong_place', 'yaml', 'helm-worker-stale-matches-top-level', {
    file: 'charts/acme/values.yaml',
    original: helmValues,
    edits: [
      [
        '  resources:\n    limits:\n      cpu: 500m\n      memory: 256Mi',
        '  resources:\n    limits:\n      cpu: 500m\n      memory: 512Mi',
      ],
    ],
    expect: refuses(lineOf(helmValues, 'cpu: "1"')),
    note: "the worker's resources, changed earlier, quoted stale: only the top-level twin matches leniently",
  }),
  editCase('wrong_place', 'kotlin', 'companion-stale-matches-top-level', {
    file: 'src/main/kotlin/Api.kt',
    original: kotlinClients,
    edits: [
      [
        '            HttpClient(CIO) {\n                install(HttpTimeout) {\n                    requestTimeoutMillis = 10_000\n                }',
        '            HttpClient(CIO) {\n                install(HttpTimeout) {\n                    requestTimeoutMillis = 10_000\n                    connectTimeoutMillis = 2_000\n                }',
      ],
    ],
    expect: refuses(lineOf(kotlinClients, '15_000')),
    note: 'a stale copy of the companion object’s client matches the top-level function leniently',
  }),
  editCase('wrong_place', 'ruby', 'nested-module-stale-matches-top-level', {
    file: 'lib/forms.rb',
    original: rubyNormalize,
    edits: [
      [
        '    def normalize(params)\n      params.transform_keys(&:to_s)\n            .slice("name", "email")\n    end',
        '    def normalize(params)\n      params.transform_keys(&:to_s)\n            .slice("name", "email")\n            .compact\n    end',
      ],
    ],
    expect: refuses(lineOf(rubyNormalize, '"role"')),
    note: 'the nested method gained "role" earlier; the stale quote matches the top-level one leniently',
  }),
  editCase('wrong_place', 'lua', 'inner-function-stale-matches-outer', {
    file: 'lua/job.lua',
    original: luaRetry,
    edits: [
      [
        '    for i = 1, n do\n      local ok, err = pcall(fn)\n      if ok then return true end\n    end',
        '    for i = 1, n do\n      local ok, err = pcall(fn)\n      if ok then return true end\n      log("attempt " .. i .. " failed: " .. tostring(err))\n    end',
      ],
    ],
    expect: refuses(lineOf(luaRetry, 'pcall(self.fn)')),
    note: 'the inner loop was changed to self.fn earlier; the stale quote matches the outer function leniently',
  }),
  patchCase('wrong_place', 'python', 'hunk-stale-method-matches-function', {
    file: 'acme/export.py',
    original: pyRows,
    body: `@@
             "id": user.id,
             "name": user.name,
             "email": user.email,
+            "created": user.created_at.isoformat(),
         }
`,
    expect: refuses(lineOf(pyRows, 'user.display_name')),
    note: 'a hunk at the method’s depth with stale context; only the function above matches leniently',
  }),
  patchCase('wrong_place', 'yaml', 'hunk-stale-service-matches-anchor-block', {
    file: 'docker-compose.yml',
    original: composeLogging,
    body: `@@
       driver: json-file
       options:
         max-size: 10m
-        max-file: "3"
+        max-file: "5"
`,
    expect: refuses(lineOf(composeLogging, 'max-size: 50m')),
    note: "the service's logging (changed earlier) quoted stale; the x-logging block matches leniently",
  }),
  editCase('wrong_place', 'elixir', 'nested-module-stale-matches-outer', {
    file: 'lib/acme/params.ex',
    original: elixirParams,
    edits: [
      [
        '      params\n      |> Map.take(["name", "email"])\n      |> Map.new(fn {k, v} -> {String.to_atom(k), v} end)',
        '      params\n      |> Map.take(["name", "email"])\n      |> Map.new(fn {k, v} -> {String.to_existing_atom(k), v} end)',
      ],
    ],
    expect: refuses(lineOf(elixirParams, '"role"')),
    note: 'the nested module gained "role" earlier; the stale quote matches the outer function leniently',
  }),
  editCase('wrong_place', 'terraform', 'module-stale-matches-resource', {
    file: 'infra/lb.tf',
    original: tfListeners,
    edits: [['    port     = 80\n    protocol = "HTTP"', '    port     = 80\n    protocol = "TCP"']],
    expect: refuses(lineOf(tfListeners, 'port     = 8080')),
    note: "the module's listener port was changed earlier; the stale quote matches the resource leniently",
  }),
  patchCase('wrong_place', 'ruby', 'anchor-names-create-lines-only-in-update', {
    file: 'app/controllers/posts_controller.rb',
    original: railsPosts,
    body: `@@ def create
       else
         format.json { render json: @post.errors, status: :unprocessable_entity }
+        format.html { render :new, status: :unprocessable_entity }
       end
`,
    expect: refuses(lineOf(railsPosts, ':unprocessable_content')),
    note: 'the @@ line names create, whose line the model changed earlier; the stale lines now occur only in update',
    outsideDocs: true,
  }),
  editCase('wrong_place', 'python', 'stale-copy-lacks-inserted-line', {
    file: 'acme/importer.py',
    original: pyImporter,
    edits: [
      [
        '        rows = read_csv(path)\n        users = [User(**r) for r in rows]\n        return users',
        '        rows = read_csv(path)\n        users = [User(**r) for r in rows]\n        return sorted(users, key=lambda u: u.email)',
      ],
    ],
    expect: refuses(lineOf(pyImporter, 'rows = [r for r in rows')),
    note: 'the model inserted a line into the method earlier; its stale copy (one line short) matches the function leniently',
  }),
  editCase('wrong_place', 'kotlin', 'stale-copy-two-lines-changed', {
    file: 'src/main/kotlin/Card.kt',
    original: kotlinCards,
    edits: [
      [
        '        val name = user.name.trim()\n        val email = user.email.lowercase()\n        return "$name <$email>"',
        '        val name = user.name.trim()\n        val email = user.email.lowercase()\n        return "$name <$email>".take(80)',
      ],
    ],
    expect: refuses(lineOf(kotlinCards, 'user.displayName')),
    note: 'the model changed two of the three lines in Card.render earlier; the stale copy matches the function leniently',
  }),
  editCase('wrong_place', 'yaml', 'stale-copy-has-removed-line', {
    file: 'config/database.yml',
    original: yamlReplicas,
    edits: [
      [
        '    adapter: postgresql\n    pool: 5\n    timeout: 5000',
        '    adapter: postgresql\n    pool: 5\n    timeout: 15000',
      ],
    ],
    expect: refuses(lineOf(yamlReplicas, '    adapter: postgresql')),
    note: "the model removed the replica's pool line earlier; its stale copy matches the database block leniently",
  }),
  patchCase('wrong_place', 'yaml', 'stale-hunk-has-removed-line', {
    file: 'config/database.yml',
    original: yamlReplicas,
    body: `@@
     adapter: postgresql
     pool: 5
-    timeout: 5000
+    timeout: 15000
`,
    expect: refuses(lineOf(yamlReplicas, '    adapter: postgresql')),
    note: "the model removed the replica's pool line earlier; the stale hunk matches the database block leniently",
  }),
  editCase('wrong_place', 'lua', 'stale-copy-lacks-inserted-line', {
    file: 'lua/format.lua',
    original: luaHandlers,
    edits: [
      [
        '    local name = vim.api.nvim_buf_get_name(buf)\n    format(buf)',
        '    local name = vim.api.nvim_buf_get_name(buf)\n    format(buf, { timeout_ms = 2000 })',
      ],
    ],
    expect: refuses(lineOf(luaHandlers, 'if client.ready')),
    note: 'the model rewrote the callback earlier; its stale copy at the callback depth matches the top-level function leniently',
  }),
  patchCase('wrong_place', 'python', 'stale-hunk-lacks-inserted-line', {
    file: 'acme/importer.py',
    original: pyImporter,
    body: `@@
         rows = read_csv(path)
         users = [User(**r) for r in rows]
-        return users
+        return sorted(users, key=lambda u: u.email)
`,
    expect: refuses(lineOf(pyImporter, 'rows = [r for r in rows')),
    note: 'the method gained a line earlier; the stale hunk (one line short) matches the function leniently',
  }),
  patchCase('wrong_place', 'lua', 'stale-hunk-lacks-inserted-line', {
    file: 'lua/format.lua',
    original: luaHandlers,
    body: `@@
     local name = vim.api.nvim_buf_get_name(buf)
-    format(buf)
+    format(buf, { timeout_ms = 2000 })
`,
    expect: refuses(lineOf(luaHandlers, 'if client.ready')),
    note: 'the model rewrote the callback earlier; the stale hunk at its depth matches the top-level function leniently',
  }),
  patchCase('wrong_place', 'python', 'anchor-block-lenient-exact-elsewhere', {
    file: 'acme/cache.py',
    original: pyEntries,
    body: `@@ class Entry:
     def expired(self):
         return time.time() > self.deadline
+        # deadline is a monotonic timestamp
`,
    expect: refuses(lineOf(pyEntries, 'def expired', 1), lineOf(pyEntries, 'def expired', 2)),
    note: "the @@ line names the nested class, whose method matches only ignoring indentation; the same lines match exactly in the outer class's method below",
    outsideDocs: true,
  }),
];
