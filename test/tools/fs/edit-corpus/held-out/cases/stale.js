// Held-out cases. Stale edits: the model read the file, then someone changed it. Refused, naming where the text stands now.
import { editCase, lineOf, patchCase, refuses, refusesOrLands, swap } from '../build.js';

const rubyQuota = `class Quota
  LIMIT = 100

  def exceeded?(user)
    user.usage >= LIMIT
  end
end
`;

const kotlinBackoff = `fun backoff(attempt: Int): Long {
    val base = 200L
    val cap = 10_000L
    return minOf(cap, base * (1L shl attempt))
}
`;

const yamlServer = `server:
  port: 8080
  tls:
    enabled: false
`;

const sqlView = `CREATE VIEW active_users AS
SELECT id, email FROM users WHERE deleted_at IS NULL;
`;

const tsconfig = `{
  "compilerOptions": {
    "target": "ES2020",
    "strict": true
  }
}
`;

const dockerPy = `FROM python:3.11-slim
WORKDIR /srv
COPY requirements.txt .
RUN pip install -r requirements.txt
`;

const tfVariable = `variable "region" {
  type = string
  default = "eu-west-1"
}
`;

const phpMailer = `<?php
class Mailer
{
    public function send(Message $m): void
    {
        $this->transport->deliver($m);
    }
}
`;

const luaRedis = `local cfg = {
  host = "localhost",
  port = 6379,
  db = 0,
}
`;

const elixirConfig = `config :acme, Acme.Repo,
  pool_size: 10,
  timeout: 15_000
`;

const quotaCurrent = swap(
  rubyQuota,
  'class Quota\n',
  'class Quota\n  # Limits per plan, see docs/billing.md\n  PLANS = %w[free pro team].freeze\n\n',
);
const backoffCurrent = swap(kotlinBackoff, 'val base = 200L', 'val base = 250L');
const yamlCurrent = `server:
    port: 8080
    tls:
        enabled: false
`;
const viewCurrent = `${sqlView}\nGRANT SELECT ON active_users TO reporting;\n`;
const tsconfigCurrent = swap(tsconfig, 'ES2020', 'ES2022');
const dockerCurrent = swap(dockerPy, 'python:3.11-slim', 'python:3.12-slim');
const tfCurrent = swap(tfVariable, '  type = string', '  type    = string');
const mailerCurrent = swap(
  phpMailer,
  '{\n    public function send',
  '{\n    public function __construct(private Transport $transport)\n    {\n    }\n\n    public function send',
);
const redisCurrent = swap(luaRedis, 'port = 6379', 'port = 6380');
const elixirCurrent = swap(elixirConfig, 'pool_size: 10', 'pool_size: 20');

const rubyTotal = `def total(items)
  items.sum(&:price)
end
`;
const rubyTotalCurrent = `# Totals in cents\n${rubyTotal}`;

export const staleCases = [
  editCase('stale', 'ruby', 'lines-inserted-above', {
    file: 'app/models/quota.rb',
    original: rubyQuota,
    current: quotaCurrent,
    readFirst: true,
    edits: [['    user.usage >= LIMIT', '    user.usage >= limit_for(user)']],
    expect: refuses(lineOf(quotaCurrent, 'user.usage >= LIMIT')),
    note: 'a teammate added lines above; old_text still matches, three lines lower',
  }),
  editCase('stale', 'kotlin', 'line-inside-old-text-changed', {
    file: 'src/main/kotlin/Backoff.kt',
    original: kotlinBackoff,
    current: backoffCurrent,
    readFirst: true,
    edits: [['    val base = 200L\n    val cap = 10_000L', '    val base = 200L\n    val cap = 30_000L']],
    expect: refuses(lineOf(backoffCurrent, 'val base = 250L')),
    note: 'someone changed a line the edit quotes',
  }),
  editCase('stale', 'yaml', 'reformatted-to-four-spaces', {
    file: 'config/server.yml',
    original: yamlServer,
    current: yamlCurrent,
    readFirst: true,
    edits: [['  tls:\n    enabled: false', '  tls:\n    enabled: true']],
    expect: refuses(lineOf(yamlCurrent, 'tls:')),
    note: 'a formatter re-indented the file after the read',
  }),
  editCase('stale', 'sql', 'appended-below', {
    file: 'db/views/active_users.sql',
    original: sqlView,
    current: viewCurrent,
    readFirst: true,
    edits: [
      [
        'SELECT id, email FROM users WHERE deleted_at IS NULL;',
        'SELECT id, email, plan FROM users WHERE deleted_at IS NULL;',
      ],
    ],
    expect: refuses(lineOf(viewCurrent, 'SELECT id, email')),
    note: 'a statement was appended; the quoted line has not moved',
  }),
  editCase('stale', 'json', 'value-inside-old-text-changed', {
    file: 'tsconfig.json',
    original: tsconfig,
    current: tsconfigCurrent,
    readFirst: true,
    edits: [
      [
        '    "target": "ES2020",\n    "strict": true',
        '    "target": "ES2020",\n    "strict": true,\n    "noUncheckedIndexedAccess": true',
      ],
    ],
    expect: refuses(lineOf(tsconfigCurrent, '"target"')),
    note: 'the target was bumped after the read',
  }),
  editCase('stale', 'dockerfile', 'base-image-bumped', {
    file: 'Dockerfile',
    original: dockerPy,
    current: dockerCurrent,
    readFirst: true,
    edits: [
      [
        'FROM python:3.11-slim\nWORKDIR /srv',
        'FROM python:3.11-slim\nENV PYTHONDONTWRITEBYTECODE=1\nWORKDIR /srv',
      ],
    ],
    expect: refuses(lineOf(dockerCurrent, 'FROM python')),
    note: 'a bot bumped the base image after the read',
  }),
  editCase('stale', 'terraform', 'fmt-realigned', {
    file: 'infra/variables.tf',
    original: tfVariable,
    current: tfCurrent,
    readFirst: true,
    edits: [['  type = string\n  default = "eu-west-1"', '  type = string\n  default = "eu-central-1"']],
    expect: refuses(lineOf(tfCurrent, 'type    = string')),
    note: 'terraform fmt aligned the = signs after the read',
  }),
  editCase('stale', 'php', 'method-added-above', {
    file: 'src/Mailer.php',
    original: phpMailer,
    current: mailerCurrent,
    readFirst: true,
    edits: [
      ['        $this->transport->deliver($m);', '        $this->transport->deliver($m->withDefaults());'],
    ],
    expect: refuses(lineOf(mailerCurrent, 'deliver($m)')),
    note: 'a constructor was added above; the quoted line moved down four lines',
  }),
  patchCase('stale', 'lua', 'hunk-context-changed', {
    file: 'lua/redis.lua',
    original: luaRedis,
    current: redisCurrent,
    readFirst: true,
    body: `@@ local cfg = {
   host = "localhost",
-  port = 6379,
+  port = 6379,
+  password = os.getenv("REDIS_PASSWORD"),
   db = 0,
`,
    expect: refuses(lineOf(redisCurrent, 'port = 6380')),
    note: 'the port the hunk removes and re-adds changed after the read',
  }),
  patchCase('stale', 'elixir', 'hunk-removed-line-changed', {
    file: 'config/runtime.exs',
    original: elixirConfig,
    current: elixirCurrent,
    readFirst: true,
    body: `@@ config :acme, Acme.Repo,
-  pool_size: 10,
+  pool_size: 10,
+  queue_target: 500,
   timeout: 15_000
`,
    expect: refuses(lineOf(elixirCurrent, 'pool_size: 20')),
    note: 'the pool size was changed after the read',
  }),
  patchCase('stale', 'ruby', 'hunk-still-matches-lower', {
    file: 'lib/total.rb',
    original: rubyTotal,
    current: rubyTotalCurrent,
    readFirst: true,
    body: `@@ def total(items)
-  items.sum(&:price)
+  items.sum(&:price_cents)
`,
    expect: refusesOrLands(
      [swap(rubyTotalCurrent, 'items.sum(&:price)\n', 'items.sum(&:price_cents)\n')],
      lineOf(rubyTotalCurrent, 'items.sum'),
    ),
    note: 'a comment was added above after the read; the hunk still matches, one line lower',
  }),
];
