// Held-out cases. Several edits or hunks in one call: all land, or none does.
import { editCase, lands, lineOf, patchCase, refuses, refusesOrLands, sp, swap, swaps } from '../build.js';

const rubyMoney = `class Money
  attr_reader :cents, :currency

  def initialize(cents, currency = "EUR")
    @cents = cents
    @currency = currency
  end

  def to_s
    format("%.2f %s", cents / 100.0, currency)
  end
end
`;

const kotlinGreeter = sp(`class Greeter(private val name: String) {␠
    fun hello(): String {
        return "Hello, $name — welcome back"
    }

    fun bye(): String {
        val msg = "Bye, $name"
        return msg
    }
}
`);

const pyApp = `def start(app):
\tapp.log("starting")
\tapp.flush()
\tapp.run()

def stop(app):
\tapp.log("stopping")
\tapp.flush()
\tapp.shutdown()
`;

const swiftConfig = `let config = Config(
    host: "api.example.com",
    port: 443,
    useTLS: true
)
`;

const cssNav = `.nav {
  display: flex;
}
`;

const yamlPipeline = `build:
  steps:
    - name: install
      run: npm ci
    - name: test
      run: npm test
  cache:
    paths:
      - node_modules
`;

const scalaPaths = `object Paths {
  val root = "/var/lib/acme"
  val data = root + "/data"
  val logs = root + "/logs"
  def tmp(name: String) = root + "/tmp/" + name
}
`;

const htmlNav = `<nav>
  <ul>
    <li><a href="/">Home</a></li>
    <li><a href="/pricing">Pricing</a></li>
  </ul>
</nav>
<footer>
  <p>&copy; 2023 Acme</p>
</footer>
`;

const nimDb = `proc connect*(url: string): Conn =
  result = newConn(url)
  result.open()

proc query*(c: Conn, sql: string): seq[Row] =
  c.ensureOpen()
  result = c.exec(sql)

proc close*(c: Conn) =
  c.shutdown()
`;

const luaModule = `local M = {}

function M.a()
  return 1
end

function M.b()
  return 2
end

return M
`;

const elixirLimits = `defmodule Acme.Limits do
  def for(:free) do
    %{requests: 100}
  end

  def for(:pro) do
    %{requests: 100}
  end
end
`;

export const multiEditCases = [
  editCase('multi_edit', 'ruby', 'two-exact-edits', {
    file: 'lib/money.rb',
    original: rubyMoney,
    edits: [
      ['  attr_reader :cents, :currency', '  include Comparable\n  attr_reader :cents, :currency'],
      [
        '    format("%.2f %s", cents / 100.0, currency)',
        '    format("%<amount>.2f %<currency>s", amount: cents / 100.0, currency: currency)',
      ],
    ],
    expect: lands(
      swaps(rubyMoney, [
        ['  attr_reader :cents, :currency', '  include Comparable\n  attr_reader :cents, :currency'],
        [
          '    format("%.2f %s", cents / 100.0, currency)',
          '    format("%<amount>.2f %<currency>s", amount: cents / 100.0, currency: currency)',
        ],
      ]),
    ),
    note: 'two exact edits in one call',
  }),
  editCase('multi_edit', 'kotlin', 'three-passes-in-one-call', {
    file: 'src/main/kotlin/Greeter.kt',
    original: kotlinGreeter,
    edits: [
      [
        'class Greeter(private val name: String) {',
        'class Greeter(private val name: String, private val loud: Boolean = false) {',
      ],
      [
        'fun hello(): String {\n    return "Hello, $name - welcome back"',
        'fun hello(): String {\n    if (loud) return "HELLO, $name"\n    return "Hello, $name - welcome back"',
      ],
      ['        val msg = "Bye, $name"', '        val msg = if (loud) "BYE, $name" else "Bye, $name"'],
    ],
    expect: lands(
      swaps(kotlinGreeter, [
        [
          'class Greeter(private val name: String) {',
          'class Greeter(private val name: String, private val loud: Boolean = false) {',
        ],
        [
          '        return "Hello, $name',
          '        if (loud) return "HELLO, $name"\n        return "Hello, $name',
        ],
        ['        val msg = "Bye, $name"', '        val msg = if (loud) "BYE, $name" else "Bye, $name"'],
      ]),
      swaps(kotlinGreeter, [
        [
          'class Greeter(private val name: String) { \n',
          'class Greeter(private val name: String, private val loud: Boolean = false) {\n',
        ],
        [
          '        return "Hello, $name',
          '        if (loud) return "HELLO, $name"\n        return "Hello, $name',
        ],
        ['        val msg = "Bye, $name"', '        val msg = if (loud) "BYE, $name" else "Bye, $name"'],
      ]),
    ),
    note: 'one exact edit, one fragment before a trailing space, one needing indentation and the Unicode fold',
  }),
  editCase('multi_edit', 'python', 'one-of-two-ambiguous', {
    file: 'acme/lifecycle.py',
    original: pyApp,
    edits: [
      ['\tapp.log("starting")', '\tapp.log("starting", level="info")'],
      ['\tapp.flush()', '\tapp.flush(timeout=5)'],
    ],
    expect: refuses(lineOf(pyApp, 'app.flush()', 1), lineOf(pyApp, 'app.flush()', 2)),
    note: 'the second edit matches twice: nothing may be written',
  }),
  editCase('multi_edit', 'swift', 'overlapping-edits', {
    file: 'Sources/App/Config.swift',
    original: swiftConfig,
    edits: [
      ['    host: "api.example.com",\n    port: 443,', '    host: "api.acme.dev",\n    port: 443,'],
      ['    port: 443,\n    useTLS: true', '    port: 8443,\n    useTLS: true'],
    ],
    expect: refusesOrLands(
      [
        swaps(swiftConfig, [
          ['api.example.com', 'api.acme.dev'],
          ['443', '8443'],
        ]),
      ],
      lineOf(swiftConfig, 'port: 443'),
    ),
    note: 'two edits share a line',
  }),
  editCase('multi_edit', 'css', 'chained-edits', {
    file: 'styles/nav.css',
    original: cssNav,
    edits: [
      ['  display: flex;', '  display: grid;'],
      ['  display: grid;', '  display: grid;\n  grid-template-columns: 1fr auto;'],
    ],
    expect: refusesOrLands(
      [swap(cssNav, '  display: flex;', '  display: grid;\n  grid-template-columns: 1fr auto;')],
      lineOf(cssNav, 'display: flex'),
    ),
    note: "the second edit quotes the first edit's result",
  }),
  editCase('multi_edit', 'yaml', 'one-edit-changes-structure', {
    file: '.ci/pipeline.yml',
    original: yamlPipeline,
    edits: [
      ['      run: npm ci', '      run: npm ci --no-audit'],
      [
        '    - name: test\n      run: npm test\n    cache:\n      paths:',
        '    - name: test\n      run: npm test -- --ci\n    cache:\n      paths:',
      ],
    ],
    expect: refuses(lineOf(yamlPipeline, '  cache:')),
    note: 'the second edit nests the job-level cache inside the steps list: nothing may be written',
  }),
  editCase('multi_edit', 'scala', 'replace-all-and-single', {
    file: 'src/main/scala/Paths.scala',
    original: scalaPaths,
    edits: [
      ['root +', 'base +', true],
      ['  val root = "/var/lib/acme"', '  val base = sys.env.getOrElse("ACME_HOME", "/var/lib/acme")'],
    ],
    expect: lands(
      swap(
        scalaPaths.replaceAll('root +', 'base +'),
        '  val root = "/var/lib/acme"',
        '  val base = sys.env.getOrElse("ACME_HOME", "/var/lib/acme")',
      ),
    ),
    note: 'a rename everywhere plus the definition',
  }),
  editCase('multi_edit', 'html', 'fragment-grows-and-exact', {
    file: 'public/index.html',
    original: htmlNav,
    edits: [
      [
        '<li><a href="/pricing">Pricing</a></li>',
        '<li><a href="/pricing">Pricing</a></li>\n<li><a href="/docs">Docs</a></li>',
      ],
      ['  <p>&copy; 2023 Acme</p>', '  <p>&copy; 2024 Acme</p>'],
    ],
    expect: lands(
      swaps(htmlNav, [
        [
          '    <li><a href="/pricing">Pricing</a></li>\n',
          '    <li><a href="/pricing">Pricing</a></li>\n    <li><a href="/docs">Docs</a></li>\n',
        ],
        ['2023', '2024'],
      ]),
    ),
    note: 'a one-line fragment that grows into two lines, and an exact edit',
  }),
  patchCase('multi_edit', 'nim', 'two-hunks-second-at-col-0', {
    file: 'src/db.nim',
    original: nimDb,
    body: `@@ proc connect*(url: string): Conn =
   result = newConn(url)
+  result.timeout = 5000
   result.open()
@@ proc query*(c: Conn, sql: string): seq[Row] =
-c.ensureOpen()
-result = c.exec(sql)
+c.ensureOpen()
+log "query: " & sql
+result = c.exec(sql)
`,
    expect: lands(
      swaps(nimDb, [
        ['  result.open()', '  result.timeout = 5000\n  result.open()'],
        ['  c.ensureOpen()\n', '  c.ensureOpen()\n  log "query: " & sql\n'],
      ]),
    ),
    note: 'two hunks in order, the second written without indentation',
  }),
  patchCase('multi_edit', 'lua', 'hunks-out-of-order', {
    file: 'lua/m.lua',
    original: luaModule,
    body: `@@ function M.b()
-  return 2
+  return 20
@@ function M.a()
-  return 1
+  return 10
`,
    expect: refusesOrLands(
      [
        swaps(luaModule, [
          ['return 2\n', 'return 20\n'],
          ['return 1\n', 'return 10\n'],
        ]),
      ],
      lineOf(luaModule, 'function M.a()'),
    ),
    note: 'the second hunk sits above the first in the file',
  }),
  patchCase('multi_edit', 'elixir', 'second-hunk-ambiguous', {
    file: 'lib/acme/limits.ex',
    original: elixirLimits,
    body: `@@ def for(:free) do
-    %{requests: 100}
+    %{requests: 50}
@@
-    %{requests: 100}
+    %{requests: 1_000}
`,
    expect: refuses(lineOf(elixirLimits, '%{requests', 1), lineOf(elixirLimits, '%{requests', 2)),
    note: 'the second hunk has no @@ line and matches both clauses: nothing may be written',
  }),
];
