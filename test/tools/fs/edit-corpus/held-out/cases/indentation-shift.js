// Held-out cases. Indentation drift that keeps the structure: lands, re-indented in the file's style.
import { editCase, lands, patchCase, sp, swap } from '../build.js';

const rubyController = `module Api
  module V2
    class UsersController < BaseController
      def index
        users = User.active.order(:name)
        render json: users
      end

      def show
        render json: User.find(params[:id])
      end
    end
  end
end
`;

const pyReport = `from functools import cached_property


class Report:
    def __init__(self, rows):
        self.rows = rows

    @cached_property
    def total(self):
        return sum(r.amount for r in self.rows)

    @property
    def empty(self):
        return not self.rows
`;

const compose = `# docker-compose for local development
services:
  db:
    image: postgres:16
    environment:
      POSTGRES_PASSWORD: dev  # never use in prod
      POSTGRES_DB: app
    ports:
      - "5432:5432"

  api:
    build: .
    depends_on:
      - db
`;

const kotlinRepo = `class Repo(private val dao: Dao) {
    fun load(id: Long): Item? {
        val cached = cache[id]
        if (cached != null) return cached
        return dao.find(id)?.also { cache[id] = it }
    }

    private val cache = mutableMapOf<Long, Item>()
}
`;

const elixirMailer = `defmodule Shop.Mailer do
  def deliver(order) do
    case Shop.Email.receipt(order) do
      {:ok, email} ->
        Swoosh.deliver(email)

      {:error, reason} ->
        Logger.error("receipt failed: #{inspect(reason)}")
        {:error, reason}
    end
  end
end
`;

const nimWords = `import std/[strutils, tables]

proc countWords*(text: string): CountTable[string] =
  result = initCountTable[string]()
  for word in text.splitWhitespace():
    let w = word.toLowerAscii().strip(chars = PunctuationChars)
    if w.len > 0:
      result.inc(w)

proc topWords*(text: string, n = 10): seq[(string, int)] =
  var counts = countWords(text)
  counts.sort()
  for word, c in counts:
    if result.len >= n: break
    result.add((word, c))
`;

const coffeePoller = `class Poller
  constructor: (@url, @interval = 5000) ->
    @timer = null

  start: ->
    @timer = setInterval =>
      fetch(@url).then (res) =>
        @emit 'data', res if res.ok
    , @interval

  stop: ->
    clearInterval @timer
`;

const pugLayout = `doctype html
html
  head
    title= pageTitle
  body
    nav.navbar
      ul
        each item in menu
          li: a(href=item.url)= item.label
    main
      block content
`;

const scalaPricing = `object Pricing {
  def discount(order: Order): BigDecimal = {
    if (order.items.size >= 10) {
      order.total * 0.1
    } else {
      BigDecimal(0)
    }
  }
}
`;

const pyCache = `class Cache:
    def __init__(self, ttl=60):
        self.ttl = ttl
        self._data = {}

    def get(self, key):
        entry = self._data.get(key)
        if entry is None:
            return None
        value, expires = entry
        return value
`;

const phpOrders = `<?php

class OrderService
{
    public function place(Order $order): void
    {
        if ($order->isEmpty()) {
            throw new EmptyOrder();
        }
        $this->repo->save($order);
    }
}
`;

const swiftStore = `final class Store {
    func saveUser(_ user: User) throws {
        let data = try encoder.encode(user)
        try disk.write(data, to: "users/\\(user.id).json")
        log.info("saved user \\(user.id)")
    }

    func saveOrder(_ order: Order) throws {
        let data = try encoder.encode(order)
        try disk.write(data, to: "orders/\\(order.id).json")
        log.info("saved order \\(order.id)")
    }
}
`;

const luaPlugins = `local function load_plugins(list)
  for _, name in ipairs(list) do
    local ok, plugin = pcall(require, name)
    if ok then plugin.setup() end
  end
end
`;

const pyRoutes = `class Api:
    def routes(self):
        return {
            "/health": self.health,
            "/users": self.users,
        }
`;

const pyInvoice = `class Invoice:
    def total(self):
        return sum(l.amount for l in self.lines)
`;

const mdSteps = `Steps:

1. Clone the repository.
2. Install dependencies:
   - Node 20
   - pnpm 9
3. Run \`pnpm dev\`.
`;

const pyMain = sp(`def main():
    args = parse()
␠␠␠␠
    run(args)
`);

const pyRefund = `def handle(event):
    for item in event.items:
        if item.kind == "refund":
            refund(item)
`;

const rubyReports = `module Admin
  class ReportsController < BaseController
    def show
      @report = Report.find(params[:id])
      authorize @report
    end
  end
end
`;

const nimGreet = `proc greet(name: string) =
  if name.len == 0:
    echo "hello, stranger"
  else:
    echo "hello, ", name
`;

export const indentationShiftCases = [
  editCase('indentation_shift', 'ruby', 'nested-method-at-col-0', {
    file: 'app/controllers/api/v2/users_controller.rb',
    original: rubyController,
    edits: [
      [
        'def index\n  users = User.active.order(:name)\n  render json: users\nend',
        'def index\n  users = User.active.order(:name).limit(100)\n  render json: users, status: :ok\nend',
      ],
    ],
    expect: lands(
      swap(
        rubyController,
        '        users = User.active.order(:name)\n        render json: users\n',
        '        users = User.active.order(:name).limit(100)\n        render json: users, status: :ok\n',
      ),
    ),
    note: 'a method three modules deep, quoted without its indentation',
  }),
  editCase('indentation_shift', 'python', 'decorated-method-at-col-0', {
    file: 'acme/report.py',
    original: pyReport,
    edits: [
      [
        '@cached_property\ndef total(self):\n    return sum(r.amount for r in self.rows)',
        '@cached_property\ndef total(self):\n    if not self.rows:\n        return 0\n    return sum(r.amount for r in self.rows)',
      ],
    ],
    expect: lands(
      swap(
        pyReport,
        '        return sum(r.amount',
        '        if not self.rows:\n            return 0\n        return sum(r.amount',
      ),
    ),
    note: 'a decorated method quoted without the class indentation; new_text adds a nested block',
  }),
  editCase('indentation_shift', 'yaml', 'compose-environment-at-col-0', {
    file: 'docker-compose.yml',
    original: compose,
    edits: [
      [
        'environment:\n  POSTGRES_PASSWORD: dev  # never use in prod\n  POSTGRES_DB: app',
        'environment:\n  POSTGRES_PASSWORD: dev  # never use in prod\n  POSTGRES_DB: app\n  POSTGRES_INITDB_ARGS: --data-checksums',
      ],
    ],
    expect: lands(
      swap(
        compose,
        '      POSTGRES_DB: app\n',
        '      POSTGRES_DB: app\n      POSTGRES_INITDB_ARGS: --data-checksums\n',
      ),
    ),
    note: 'a nested YAML mapping with a comment, quoted at column 0',
  }),
  editCase('indentation_shift', 'kotlin', 'one-level-short', {
    file: 'src/main/kotlin/Repo.kt',
    original: kotlinRepo,
    edits: [
      [
        '    val cached = cache[id]\n    if (cached != null) return cached',
        '    val cached = cache[id]\n    if (cached != null) {\n        hits++\n        return cached\n    }',
      ],
    ],
    expect: lands(
      swap(
        kotlinRepo,
        '        if (cached != null) return cached\n',
        '        if (cached != null) {\n            hits++\n            return cached\n        }\n',
      ),
    ),
    note: 'a function body quoted one level too shallow',
  }),
  editCase('indentation_shift', 'elixir', 'four-space-units-in-two-space-file', {
    file: 'lib/shop/mailer.ex',
    original: elixirMailer,
    edits: [
      [
        'case Shop.Email.receipt(order) do\n    {:ok, email} ->\n        Swoosh.deliver(email)',
        'case Shop.Email.receipt(order) do\n    {:ok, email} ->\n        with {:ok, _} <- Swoosh.deliver(email) do\n            :telemetry.execute([:shop, :receipt], %{})\n        end',
      ],
    ],
    expect: lands(
      swap(
        elixirMailer,
        '        Swoosh.deliver(email)\n',
        '        with {:ok, _} <- Swoosh.deliver(email) do\n          :telemetry.execute([:shop, :receipt], %{})\n        end\n',
      ),
    ),
    note: 'the model writes 4-space levels for a 2-space file; a new level goes in the file unit',
  }),
  editCase('indentation_shift', 'nim', 'loop-at-col-0', {
    file: 'src/words.nim',
    original: nimWords,
    edits: [
      [
        'for word in text.splitWhitespace():\n  let w = word.toLowerAscii().strip(chars = PunctuationChars)\n  if w.len > 0:\n    result.inc(w)',
        'for word in text.splitWhitespace():\n  let w = word.toLowerAscii().strip(chars = PunctuationChars)\n  if w.len > 2:\n    result.inc(w)',
      ],
    ],
    expect: lands(swap(nimWords, '    if w.len > 0:', '    if w.len > 2:')),
    note: 'a Nim loop quoted at column 0, structure kept',
  }),
  editCase('indentation_shift', 'coffeescript', 'method-at-col-0', {
    file: 'src/poller.coffee',
    original: coffeePoller,
    edits: [
      [
        "start: ->\n  @timer = setInterval =>\n    fetch(@url).then (res) =>\n      @emit 'data', res if res.ok",
        "start: ->\n  @timer = setInterval =>\n    fetch(@url).then (res) =>\n      @emit 'data', res if res.ok\n      @failures = 0",
      ],
    ],
    expect: lands(
      swap(
        coffeePoller,
        "        @emit 'data', res if res.ok\n",
        "        @emit 'data', res if res.ok\n        @failures = 0\n",
      ),
    ),
    note: 'a CoffeeScript method quoted at column 0',
  }),
  editCase('indentation_shift', 'pug', 'list-at-col-0', {
    file: 'views/layout.pug',
    original: pugLayout,
    edits: [
      [
        'ul\n  each item in menu\n    li: a(href=item.url)= item.label',
        "ul.menu\n  each item in menu\n    li(class=item.active ? 'active' : '')\n      a(href=item.url)= item.label",
      ],
    ],
    expect: lands(
      swap(
        pugLayout,
        '      ul\n        each item in menu\n          li: a(href=item.url)= item.label\n',
        "      ul.menu\n        each item in menu\n          li(class=item.active ? 'active' : '')\n            a(href=item.url)= item.label\n",
      ),
    ),
    note: 'a Pug block quoted at column 0; a new level inside it',
  }),
  editCase('indentation_shift', 'scala', 'four-space-units-in-two-space-file', {
    file: 'src/main/scala/Pricing.scala',
    original: scalaPricing,
    edits: [
      [
        'if (order.items.size >= 10) {\n    order.total * 0.1\n} else {\n    BigDecimal(0)\n}',
        'if (order.items.size >= 10) {\n    order.total * 0.1\n} else if (order.customer.vip) {\n    order.total * 0.05\n} else {\n    BigDecimal(0)\n}',
      ],
    ],
    expect: lands(
      swap(
        scalaPricing,
        '    } else {\n',
        '    } else if (order.customer.vip) {\n      order.total * 0.05\n    } else {\n',
      ),
    ),
    note: '4-space levels at column 0 for a 2-space file nested two deep',
  }),
  patchCase('indentation_shift', 'python', 'hunk-at-col-0', {
    file: 'acme/cache.py',
    original: pyCache,
    body: `@@ def get(self, key):
 entry = self._data.get(key)
 if entry is None:
     return None
 value, expires = entry
+if expires < time.monotonic():
+    del self._data[key]
+    return None
 return value
`,
    expect: lands(
      swap(
        pyCache,
        '        value, expires = entry\n',
        '        value, expires = entry\n        if expires < time.monotonic():\n            del self._data[key]\n            return None\n',
      ),
    ),
    note: 'a hunk written without the method indentation',
  }),
  patchCase('indentation_shift', 'php', 'hunk-in-two-space-units', {
    file: 'src/OrderService.php',
    original: phpOrders,
    body: `@@ public function place(Order $order): void
   {
     if ($order->isEmpty()) {
       throw new EmptyOrder();
     }
+    $this->guard->check($order);
     $this->repo->save($order);
`,
    expect: lands(
      swap(
        phpOrders,
        '        $this->repo->save($order);\n',
        '        $this->guard->check($order);\n        $this->repo->save($order);\n',
      ),
    ),
    note: 'a hunk in 2-space levels for a 4-space file',
  }),
  editCase('indentation_shift', 'swift', 'near-duplicate-function', {
    file: 'Sources/Store/Store.swift',
    original: swiftStore,
    edits: [
      [
        'let data = try encoder.encode(order)\ntry disk.write(data, to: "orders/\\(order.id).json")',
        'let data = try encoder.encode(order)\ntry disk.write(data, to: "orders/\\(order.id).json", atomically: true)',
      ],
    ],
    expect: lands(
      swap(swiftStore, '"orders/\\(order.id).json")', '"orders/\\(order.id).json", atomically: true)'),
    ),
    note: 'two functions differ by one identifier; the drifted quote must land in saveOrder only',
  }),
  editCase('indentation_shift', 'lua', 'one-line-fragment-grows', {
    file: 'lua/plugins.lua',
    original: luaPlugins,
    edits: [
      [
        'if ok then plugin.setup() end',
        'if ok then\n  plugin.setup()\nelse\n  vim.notify("failed to load " .. name)\nend',
      ],
    ],
    expect: lands(
      swap(
        luaPlugins,
        '    if ok then plugin.setup() end\n',
        '    if ok then\n      plugin.setup()\n    else\n      vim.notify("failed to load " .. name)\n    end\n',
      ),
    ),
    note: 'a one-line old_text without indentation; new_text lines written relative to it',
  }),
  editCase('indentation_shift', 'python', 'selection-from-first-character', {
    file: 'acme/api.py',
    original: pyRoutes,
    edits: [
      [
        'return {\n            "/health": self.health,\n            "/users": self.users,\n        }',
        'return {\n            "/health": self.health,\n            "/users": self.users,\n            "/orders": self.orders,\n        }',
      ],
    ],
    expect: lands(
      swap(
        pyRoutes,
        '            "/users": self.users,\n',
        '            "/users": self.users,\n            "/orders": self.orders,\n',
      ),
    ),
    note: 'old_text starts at the first character of its first line (an editor selection); later lines keep the file indentation',
  }),
  editCase('indentation_shift', 'python', 'decorator-before-one-line-fragment', {
    file: 'acme/invoice.py',
    original: pyInvoice,
    edits: [['def total(self):', '@property\ndef total(self):']],
    expect: lands(swap(pyInvoice, '    def total(self):\n', '    @property\n    def total(self):\n')),
    note: 'a one-line fragment without indentation; new_text puts a decorator above it',
  }),
  editCase('indentation_shift', 'markdown', 'nested-list-two-spaces-for-three', {
    file: 'CONTRIBUTING.md',
    original: mdSteps,
    edits: [
      [
        '2. Install dependencies:\n  - Node 20\n  - pnpm 9',
        '2. Install dependencies:\n  - Node 20\n  - pnpm 9\n  - Docker (for the database)',
      ],
    ],
    expect: lands(swap(mdSteps, '   - pnpm 9\n', '   - pnpm 9\n   - Docker (for the database)\n')),
    note: 'sub-items quoted with two spaces where the file uses three (under "2. ")',
  }),
  editCase('indentation_shift', 'python', 'blank-line-with-spaces', {
    file: 'acme/main.py',
    original: pyMain,
    edits: [['args = parse()\n\nrun(args)', 'args = parse()\nsetup_logging(args.verbose)\n\nrun(args)']],
    expect: lands(
      swap(pyMain, '    args = parse()\n', '    args = parse()\n    setup_logging(args.verbose)\n'),
      swap(pyMain, '    args = parse()\n    \n', '    args = parse()\n    setup_logging(args.verbose)\n\n'),
    ),
    note: "quoted at column 0; the file's blank line inside the block holds four spaces, the model's is empty",
  }),
  editCase('indentation_shift', 'python', 'one-line-too-shallow', {
    file: 'acme/events.py',
    original: pyRefund,
    edits: [['    refund(item)', '    refund(item)\n    audit.log("refund", item.id)']],
    expect: lands(
      swap(
        pyRefund,
        '            refund(item)\n',
        '            refund(item)\n            audit.log("refund", item.id)\n',
      ),
    ),
    note: 'a one-line old_text with too little indentation; new_text adds a line at the same depth',
  }),
  patchCase('indentation_shift', 'ruby', 'hunk-at-col-0', {
    file: 'app/controllers/admin/reports_controller.rb',
    original: rubyReports,
    body: `@@ def show
 @report = Report.find(params[:id])
+@report.touch(:viewed_at)
 authorize @report
`,
    expect: lands(
      swap(
        rubyReports,
        '      authorize @report\n',
        '      @report.touch(:viewed_at)\n      authorize @report\n',
      ),
    ),
    note: 'a hunk written without the controller indentation',
  }),
  patchCase('indentation_shift', 'nim', 'hunk-in-four-space-units', {
    file: 'src/greet.nim',
    original: nimGreet,
    body: `@@ proc greet(name: string) =
     if name.len == 0:
         echo "hello, stranger"
+        return
     else:
`,
    expect: lands(swap(nimGreet, '    echo "hello, stranger"\n', '    echo "hello, stranger"\n    return\n')),
    note: 'a Nim hunk in 4-space levels for a 2-space file',
  }),
];
