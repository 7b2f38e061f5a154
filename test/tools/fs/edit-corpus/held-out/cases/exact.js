// Held-out cases. Exact edits: the text is quoted as the file has it.
import { editCase, lands, patchCase, swap } from '../build.js';

const ruby = `# frozen_string_literal: true

module Billing
  class InvoiceMailer < ApplicationMailer
    default from: "billing@example.com"

    def overdue(invoice)
      @invoice = invoice
      @days_late = (Date.current - invoice.due_on).to_i
      mail(to: invoice.customer.email, subject: "Invoice #{invoice.number} is overdue")
    end

    def paid(invoice)
      @invoice = invoice
      mail(to: invoice.customer.email, subject: "Thanks for your payment")
    end
  end
end
`;

const kotlin = `package com.example.sync

import kotlinx.coroutines.delay

class SyncWorker(private val api: Api, private val db: Db) {
    suspend fun run(): Result {
        val since = db.lastSync() ?: Instant.EPOCH
        val changes = api.changesSince(since)
        db.apply(changes)
        return Result.success()
    }

    suspend fun retry(times: Int): Result {
        repeat(times) { attempt ->
            delay(1000L * attempt)
            if (run().isSuccess) return Result.success()
        }
        return Result.failure()
    }
}
`;

const swift = `struct Session {
    let userID: String
    var token: String

    func header() -> [String: String] {
        ["X-User": userID, "Authorization": "Bearer \\(token)"]
    }

    func isOwner(of doc: Document) -> Bool {
        doc.ownerID == userID
    }
}
`;

const sql = `-- 2024_05_02_add_orders.sql
CREATE TABLE orders (
    id          BIGSERIAL PRIMARY KEY,
    customer_id BIGINT NOT NULL REFERENCES customers(id),
    total_cents INTEGER NOT NULL,
    created_at  TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX orders_customer_idx ON orders (customer_id);
`;

const toml = `[project]
name = "ledger-sync"
version = "0.4.1"
requires-python = ">=3.10"
dependencies = [
    "httpx>=0.27",
    "pydantic>=2.6",
]

[project.optional-dependencies]
dev = ["pytest>=8", "ruff"]

[tool.ruff]
line-length = 100
`;

const dockerfile = `FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci
COPY . .
RUN npm run build

FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production
COPY --from=build /app/dist ./dist
COPY --from=build /app/node_modules ./node_modules
USER node
CMD ["node", "dist/server.js"]
`;

const css = `:root {
  --brand: #0b5fff;
  --radius: 6px;
}

.card {
  border-radius: var(--radius);
  box-shadow: 0 1px 2px rgb(0 0 0 / 0.08);
  padding: 16px;
}

.card__title {
  font-weight: 600;
  margin: 0 0 8px;
}
`;

const elixir = `defmodule Shop.Cart do
  alias Shop.{Item, Price}

  def total(%{items: items}) do
    items
    |> Enum.map(&Price.for_item/1)
    |> Enum.sum()
  end

  def add(cart, %Item{} = item) do
    %{cart | items: [item | cart.items]}
  end
end
`;

const lua = `local M = {}

M.config = {
  timeout = 30,
  retries = 3,
  backoff = "exponential",
}

function M.setup(opts)
  M.config = vim.tbl_deep_extend("force", M.config, opts or {})
end

return M
`;

const php = `<?php

declare(strict_types=1);

namespace App\\Http\\Controllers;

final class HealthController
{
    public function __invoke(): JsonResponse
    {
        return new JsonResponse(['status' => 'ok']);
    }
}
`;

export const exactCases = [
  editCase('exact', 'ruby', 'add-assignment', {
    file: 'app/mailers/billing/invoice_mailer.rb',
    original: ruby,
    edits: [
      [
        '      @days_late = (Date.current - invoice.due_on).to_i\n',
        '      @days_late = (Date.current - invoice.due_on).to_i\n      @reminder_count = invoice.reminders.count\n',
      ],
    ],
    expect: lands(
      swap(
        ruby,
        '      @days_late = (Date.current - invoice.due_on).to_i\n',
        '      @days_late = (Date.current - invoice.due_on).to_i\n      @reminder_count = invoice.reminders.count\n',
      ),
    ),
    note: 'an exact multi-line insertion in a nested Ruby class',
  }),
  patchCase('exact', 'kotlin', 'anchored-hunk', {
    file: 'src/main/kotlin/SyncWorker.kt',
    original: kotlin,
    body: `@@ suspend fun run(): Result {
         val changes = api.changesSince(since)
-        db.apply(changes)
+        db.transaction { apply(changes) }
         return Result.success()
`,
    expect: lands(swap(kotlin, '        db.apply(changes)\n', '        db.transaction { apply(changes) }\n')),
    note: 'an exact hunk under an @@ line naming the function',
  }),
  editCase('exact', 'swift', 'replace-all-rename', {
    file: 'Sources/Auth/Session.swift',
    original: swift,
    edits: [['userID', 'userId', true]],
    expect: lands(swift.replaceAll('userID', 'userId')),
    note: 'replace_all renames an identifier; ownerID must stay',
  }),
  patchCase('exact', 'sql', 'bare-anchor-hunk', {
    file: 'db/migrations/2024_05_02_add_orders.sql',
    original: sql,
    body: `@@
     customer_id BIGINT NOT NULL REFERENCES customers(id),
     total_cents INTEGER NOT NULL,
+    currency    CHAR(3) NOT NULL DEFAULT 'EUR',
     created_at  TIMESTAMPTZ NOT NULL DEFAULT now()
`,
    expect: lands(
      swap(
        sql,
        '    total_cents INTEGER NOT NULL,\n',
        "    total_cents INTEGER NOT NULL,\n    currency    CHAR(3) NOT NULL DEFAULT 'EUR',\n",
      ),
    ),
    note: 'a column added to a migration, hunk with a bare @@',
  }),
  editCase('exact', 'toml', 'version-bump-fragment', {
    file: 'pyproject.toml',
    original: toml,
    edits: [['version = "0.4.1"', 'version = "0.5.0"']],
    expect: lands(swap(toml, 'version = "0.4.1"', 'version = "0.5.0"')),
    note: 'a one-line fragment: the version',
  }),
  patchCase('exact', 'dockerfile', 'expose-in-second-stage', {
    file: 'Dockerfile',
    original: dockerfile,
    body: `@@ ENV NODE_ENV=production
 COPY --from=build /app/node_modules ./node_modules
+EXPOSE 8080
 USER node
`,
    expect: lands(swap(dockerfile, 'USER node\n', 'EXPOSE 8080\nUSER node\n')),
    note: 'a line added in the second stage of a multi-stage build',
  }),
  editCase('exact', 'css', 'two-declarations', {
    file: 'styles/card.css',
    original: css,
    edits: [
      [
        '  box-shadow: 0 1px 2px rgb(0 0 0 / 0.08);\n  padding: 16px;',
        '  box-shadow: 0 2px 8px rgb(0 0 0 / 0.12);\n  padding: 20px;',
      ],
    ],
    expect: lands(
      swap(
        css,
        '  box-shadow: 0 1px 2px rgb(0 0 0 / 0.08);\n  padding: 16px;',
        '  box-shadow: 0 2px 8px rgb(0 0 0 / 0.12);\n  padding: 20px;',
      ),
    ),
    note: 'two declarations changed in one block',
  }),
  patchCase('exact', 'elixir', 'pipeline-step', {
    file: 'lib/shop/cart.ex',
    original: elixir,
    body: `@@ def total(%{items: items}) do
     items
     |> Enum.map(&Price.for_item/1)
+    |> Enum.reject(&is_nil/1)
     |> Enum.sum()
`,
    expect: lands(swap(elixir, '    |> Enum.sum()\n', '    |> Enum.reject(&is_nil/1)\n    |> Enum.sum()\n')),
    note: 'a step added to an Elixir pipeline',
  }),
  editCase('exact', 'lua', 'number-in-table', {
    file: 'lua/plugin/init.lua',
    original: lua,
    edits: [['timeout = 30', 'timeout = 60']],
    expect: lands(swap(lua, 'timeout = 30', 'timeout = 60')),
    note: 'a fragment inside a line',
  }),
  editCase('exact', 'php', 'return-array', {
    file: 'app/Http/Controllers/HealthController.php',
    original: php,
    edits: [
      [
        "return new JsonResponse(['status' => 'ok']);",
        "return new JsonResponse(['status' => 'ok', 'time' => time()]);",
      ],
    ],
    expect: lands(
      swap(
        php,
        "return new JsonResponse(['status' => 'ok']);",
        "return new JsonResponse(['status' => 'ok', 'time' => time()]);",
      ),
    ),
    note: 'a PHP return statement',
  }),
];
