// Held-out cases. Ambiguous edits: refused, naming every place.
import { editCase, lineOf, lineStarting, patchCase, refuses, refusesOrLands, sp, swap } from '../build.js';

const rubyAccess = `class Access
  def admin?(user)
    return false if user.nil?
    user.roles.include?(:admin)
  end

  def editor?(user)
    return false if user.nil?
    user.roles.include?(:editor)
  end
end
`;

const jobsJson = `{
  "jobs": [
    {
      "name": "nightly-export",
      "schedule": "0 2 * * *",
      "retry": {
        "attempts": 3,
        "backoff": "exponential"
      }
    },
    {
      "name": "hourly-sync",
      "schedule": "0 * * * *",
      "retry": {
        "attempts": 3,
        "backoff": "exponential"
      }
    }
  ]
}
`;

const twoDocs = `# api
apiVersion: v1
kind: ConfigMap
metadata:
  name: api-config
data:
  LOG_LEVEL: info
  TIMEOUT: "30"
---
# worker
apiVersion: v1
kind: ConfigMap
metadata:
  name: worker-config
data:
  LOG_LEVEL: info
  TIMEOUT: "30"
`;

const cssHover = `.btn:hover {
  color: #fff;
  background: var(--brand-dark);
}

.link:hover {
  color: #fff;
  background: var(--brand-dark);
}
`;

const kotlinDebug = `fun main() {
    val cfg = loadConfig()
    if (cfg.debug) {
        println("debug on")
    }
}

object Boot {
    fun start(cfg: Config) {
        if (cfg.debug) {
            println("debug on")
        }
    }
}
`;

const mdSaveAs = `## Windows

- Open the File menu.
- Click “Save as…” and pick a folder.

## macOS

- Open the File menu.
- Click "Save as..." and pick a folder.
`;

const luaDefaults = sp(`local defaults = {
  color = "auto",␠
  pager = true,
}
local overrides = {
  color = "auto",␠␠
  pager = false,
}
`);

const tfInstances = `resource "aws_instance" "web" {
  ami           = var.ami
  instance_type = "t3.small"

  tags = {
    Owner = "platform"
  }
}

resource "aws_instance" "worker" {
  ami           = var.ami
  instance_type = "t3.small"

  tags = {
    Owner = "platform"
  }
}
`;

const elixirQueries = `defmodule Acme.Users do
  import Ecto.Query

  def active(query) do
    query
    |> where([u], u.active)
    |> Repo.all()
  end

  def admins(query) do
    query
    |> where([u], u.role == :admin)
    |> Repo.all()
  end
end
`;

const htmlForms = `<form id="profile">
  <input name="name">
  <button type="submit">Save</button>
</form>
<dialog>
  <form method="dialog">
    <input name="title">
    <button type="submit">Save</button>
  </form>
</dialog>
`;

const pyReaders = `class Reader:
    def __init__(self, path):
        self.path = path
        self.handle = None

class Writer:
    def __init__(self, path):
        self.path = path
        self.handle = None
`;

const pyPoll = `def poll(queue):
    retry_count = 0
    count = 0
    while queue:
        count += 1
`;

export const ambiguousCases = [
  editCase('ambiguous', 'ruby', 'guard-in-two-methods', {
    file: 'app/policies/access.rb',
    original: rubyAccess,
    edits: [['    return false if user.nil?', '    return false if user.nil? || user.suspended?']],
    expect: refuses(lineOf(rubyAccess, 'return false', 1), lineOf(rubyAccess, 'return false', 2)),
    note: 'the same guard line in two methods',
  }),
  editCase('ambiguous', 'json', 'duplicate-looking-blocks', {
    file: 'config/jobs.json',
    original: jobsJson,
    edits: [['      "retry": {\n        "attempts": 3,', '      "retry": {\n        "attempts": 5,']],
    expect: refuses(lineOf(jobsJson, '"retry"', 1), lineOf(jobsJson, '"retry"', 2)),
    note: 'two JSON objects with identical retry blocks',
  }),
  editCase('ambiguous', 'yaml', 'block-in-two-documents', {
    file: 'k8s/configmaps.yaml',
    original: twoDocs,
    edits: [['data:\n  LOG_LEVEL: info', 'data:\n  LOG_LEVEL: debug']],
    expect: refuses(lineStarting(twoDocs, 'data:', 1), lineStarting(twoDocs, 'data:', 2)),
    note: 'the same block in two YAML documents of one file',
  }),
  editCase('ambiguous', 'css', 'same-declarations', {
    file: 'styles/hover.css',
    original: cssHover,
    edits: [
      [
        '  color: #fff;\n  background: var(--brand-dark);',
        '  color: #fff;\n  background: var(--brand-darker);',
      ],
    ],
    expect: refuses(lineOf(cssHover, 'color: #fff', 1), lineOf(cssHover, 'color: #fff', 2)),
    note: 'identical declarations in two rules',
  }),
  editCase('ambiguous', 'kotlin', 'two-places-after-ignoring-indentation', {
    file: 'src/main/kotlin/Main.kt',
    original: kotlinDebug,
    edits: [
      ['if (cfg.debug) {\n    println("debug on")\n}', 'if (cfg.debug) {\n    logger.debug("debug on")\n}'],
    ],
    expect: refuses(lineOf(kotlinDebug, 'if (cfg.debug)', 1), lineOf(kotlinDebug, 'if (cfg.debug)', 2)),
    note: 'no exact match; ignoring indentation finds the block twice, at two depths',
  }),
  editCase('ambiguous', 'markdown', 'two-places-under-unicode-fold', {
    file: 'docs/saving.md',
    original: mdSaveAs,
    edits: [['- Click "Save as…" and pick a folder.', '- Click "Save as…" and choose a folder.']],
    expect: refuses(lineOf(mdSaveAs, '- Click', 1), lineOf(mdSaveAs, '- Click', 2)),
    note: 'the model mixes straight quotes and an ellipsis: under the fold both bullets match',
  }),
  editCase('ambiguous', 'lua', 'two-places-ignoring-trailing-spaces', {
    file: 'lua/settings.lua',
    original: luaDefaults,
    edits: [['  color = "auto",', '  color = "never",']],
    expect: refuses(lineOf(luaDefaults, 'color = "auto"', 1), lineOf(luaDefaults, 'color = "auto"', 2)),
    note: 'both lines have trailing spaces (different ones); the model has none',
  }),
  patchCase('ambiguous', 'terraform', 'hunk-repeated-no-anchor', {
    file: 'infra/instances.tf',
    original: tfInstances,
    body: `@@
   ami           = var.ami
-  instance_type = "t3.small"
+  instance_type = "t3.medium"
 
   tags = {
`,
    expect: refuses(lineOf(tfInstances, 'ami ', 1), lineOf(tfInstances, 'ami ', 2)),
    note: 'a whole hunk that matches two resources, without an @@ line',
  }),
  editCase('ambiguous', 'elixir', 'pipeline-tail-twice', {
    file: 'lib/acme/users.ex',
    original: elixirQueries,
    edits: [['    |> Repo.all()', '    |> Repo.all(timeout: 10_000)']],
    expect: refuses(lineOf(elixirQueries, 'Repo.all()', 1), lineOf(elixirQueries, 'Repo.all()', 2)),
    note: 'the last pipeline step is the same in two functions',
  }),
  patchCase('ambiguous', 'html', 'two-places-after-ignoring-indentation', {
    file: 'public/profile.html',
    original: htmlForms,
    body: `@@
-<button type="submit">Save</button>
+<button type="submit" class="primary">Save</button>
`,
    expect: refuses(lineOf(htmlForms, '<button', 1), lineOf(htmlForms, '<button', 2)),
    note: 'a one-line hunk without indentation matching two buttons at different depths',
  }),
  patchCase('ambiguous', 'python', 'anchor-occurs-twice', {
    file: 'acme/io.py',
    original: pyReaders,
    body: `@@ def __init__(self, path):
         self.path = path
         self.handle = None
+        self.lock = threading.Lock()
`,
    expect: refuses(lineOf(pyReaders, 'self.path = path', 1), lineOf(pyReaders, 'self.path = path', 2)),
    note: 'the @@ line and the hunk both occur in two classes',
  }),
  editCase('ambiguous', 'python', 'fragment-inside-longer-name', {
    file: 'acme/poll.py',
    original: pyPoll,
    edits: [['count = 0', 'count = 1']],
    expect: refusesOrLands(
      [swap(pyPoll, '    count = 0\n', '    count = 1\n')],
      lineOf(pyPoll, 'retry_count'),
      lineOf(pyPoll, '    count = 0'),
    ),
    note: 'the fragment also occurs inside retry_count = 0',
  }),
];
