// Held-out cases. Typographic punctuation and NFKC forms on either side: the edit lands, the file's other text keeps its
// spelling.
import { editCase, lands, patchCase, swap } from '../build.js';

const rubySignup = `class Signup
  validates :email, presence: { message: "can’t be blank" }
  validates :password, length: { minimum: 8 }

  def welcome_subject
    "Welcome aboard — let’s get started"
  end
end
`;

const mdTrouble = `## Troubleshooting

If the sync hangs at “Connecting…”, check the proxy settings — most often it’s a stale token.

Run \`acme doctor\` and send us the output.
`;

const phpFrench = `<?php
return [
    'total' => 'Montant total\u00a0:',
    'vat' => 'TVA (20\u202f%)\u00a0:',
    'cta' => 'Payer maintenant',
];
`;

const kotlinCjk = `// 计算折扣（会员价优先），返回最终价格。
fun finalPrice(item: Item, member: Boolean): Long {
    val base = if (member) item.memberPrice else item.price
    return base - coupon(item)
}
`;

const luaFullwidth = `-- ＡＰＩ クライアント：タイムアウトは秒単位
local client = http.new({ timeout = 5 })
`;

const swiftLoading = `struct LoadingView: View {
    var body: some View {
        VStack {
            ProgressView()
            Text("Loading…")
        }
    }
}
`;

const htmlPromo = `<section class="promo">
  <h2>Don't miss the spring sale - up to 40% off</h2>
  <p>Offer ends Sunday at midnight.</p>
</section>
`;

const sqlArchive = `-- Don’t run this during business hours
UPDATE accounts
SET status = 'archived'
WHERE last_login < now() - interval '2 years';
`;

const rstLigatures = `Installation
============

Download the conﬁguration ﬁle and place it in \`\`/etc/acme\`\`.
Then restart the service.
`;

const mdMinus = `# Loss

The loss is L = −log p(y|x), typically 2.3 at start.
Values below −10 are clipped.
`;

const tomlMessages = `[messages]
welcome = "Welcome — you’re all set"
goodbye = "See you soon…"
error = "Something went wrong"
`;

const vueButton = `<template>
  <button @click="save">保存（Ｃｔｒｌ＋Ｓ）</button>
</template>

<script setup>
const save = () => store.save()
</script>
`;

const pyMessages = `MESSAGES = {
    "done": "It’s done — took ‘{t}’ seconds…",
    "fail": "Failed",
}
`;

export const unicodeCases = [
  editCase('unicode', 'ruby', 'curly-apostrophe-in-context', {
    file: 'app/models/signup.rb',
    original: rubySignup,
    edits: [
      [
        '  validates :email, presence: { message: "can\'t be blank" }\n  validates :password, length: { minimum: 8 }',
        '  validates :email, presence: { message: "can\'t be blank" }\n  validates :password, length: { minimum: 12 }',
      ],
    ],
    expect: lands(swap(rubySignup, 'minimum: 8 }', 'minimum: 12 }')),
    note: 'the model types a straight apostrophe; the unchanged line keeps the curly one',
  }),
  editCase('unicode', 'markdown', 'prose-line-changed', {
    file: 'docs/troubleshooting.md',
    original: mdTrouble,
    edits: [
      [
        'If the sync hangs at "Connecting...", check the proxy settings - most often it\'s a stale token.',
        'If the sync hangs at "Connecting...", check the proxy settings - most often it\'s an expired token.',
      ],
    ],
    expect: lands(
      swap(mdTrouble, 'a stale token', 'an expired token'),
      swap(
        mdTrouble,
        'If the sync hangs at “Connecting…”, check the proxy settings — most often it’s a stale token.',
        'If the sync hangs at "Connecting...", check the proxy settings - most often it\'s an expired token.',
      ),
    ),
    note: 'curly quotes, ellipsis and em dash in prose typed as ASCII; the line itself changes',
  }),
  editCase('unicode', 'php', 'no-break-spaces-in-context', {
    file: 'lang/fr/checkout.php',
    original: phpFrench,
    edits: [
      [
        "    'vat' => 'TVA (20 %) :',\n    'cta' => 'Payer maintenant',",
        "    'vat' => 'TVA (20 %) :',\n    'cta' => 'Payer maintenant',\n    'back' => 'Retour',",
      ],
    ],
    expect: lands(
      swap(
        phpFrench,
        "    'cta' => 'Payer maintenant',\n",
        "    'cta' => 'Payer maintenant',\n    'back' => 'Retour',\n",
      ),
    ),
    note: 'French typography: no-break and narrow no-break spaces typed as plain spaces',
  }),
  editCase('unicode', 'kotlin', 'fullwidth-cjk-comment', {
    file: 'src/main/kotlin/Price.kt',
    original: kotlinCjk,
    edits: [
      [
        '// 计算折扣(会员价优先),返回最终价格。\nfun finalPrice(item: Item, member: Boolean): Long {',
        '// 计算折扣(会员价优先),返回最终价格。\nfun finalPrice(item: Item, member: Boolean, now: Instant): Long {',
      ],
    ],
    expect: lands(swap(kotlinCjk, 'member: Boolean): Long', 'member: Boolean, now: Instant): Long')),
    note: 'fullwidth parentheses and comma in a Chinese comment typed as ASCII',
  }),
  editCase('unicode', 'lua', 'fullwidth-letters-and-colon', {
    file: 'lua/client.lua',
    original: luaFullwidth,
    edits: [
      [
        '-- API クライアント:タイムアウトは秒単位\nlocal client = http.new({ timeout = 5 })',
        '-- API クライアント:タイムアウトは秒単位\nlocal client = http.new({ timeout = 10 })',
      ],
    ],
    expect: lands(swap(luaFullwidth, 'timeout = 5 }', 'timeout = 10 }')),
    note: 'fullwidth ＡＰＩ and ： in a Japanese comment typed as ASCII',
  }),
  editCase('unicode', 'swift', 'ellipsis-in-unchanged-line', {
    file: 'Sources/UI/LoadingView.swift',
    original: swiftLoading,
    edits: [
      ['            Text("Loading...")', '            Text("Loading...")\n                .font(.footnote)'],
    ],
    expect: lands(
      swap(
        swiftLoading,
        '            Text("Loading…")\n',
        '            Text("Loading…")\n                .font(.footnote)\n',
      ),
    ),
    note: 'an ellipsis typed as three dots; the line itself stays as the file spells it',
  }),
  editCase('unicode', 'html', 'model-prettifies-ascii', {
    file: 'public/promo.html',
    original: htmlPromo,
    edits: [
      [
        '  <h2>Don’t miss the spring sale — up to 40% off</h2>\n  <p>Offer ends Sunday at midnight.</p>',
        '  <h2>Don’t miss the spring sale — up to 40% off</h2>\n  <p>Offer ends Monday at midnight.</p>',
      ],
    ],
    expect: lands(swap(htmlPromo, 'Sunday', 'Monday')),
    note: 'the file is ASCII; the model quotes it with a curly apostrophe and an em dash',
  }),
  editCase('unicode', 'sql', 'curly-apostrophe-in-comment', {
    file: 'db/maintenance/archive.sql',
    original: sqlArchive,
    edits: [
      [
        "-- Don't run this during business hours\nUPDATE accounts\nSET status = 'archived'",
        "-- Don't run this during business hours\nUPDATE accounts\nSET status = 'archived', archived_at = now()",
      ],
    ],
    expect: lands(
      swap(sqlArchive, "SET status = 'archived'\n", "SET status = 'archived', archived_at = now()\n"),
    ),
    note: 'a curly apostrophe in a SQL comment next to ASCII string quotes',
  }),
  editCase('unicode', 'rst', 'nfkc-ligatures', {
    file: 'docs/install.rst',
    original: rstLigatures,
    edits: [
      [
        'Download the configuration file and place it in ``/etc/acme``.\nThen restart the service.',
        'Download the configuration file and place it in ``/etc/acme``.\nThen restart the service with ``systemctl restart acme``.',
      ],
    ],
    expect: lands(
      swap(
        rstLigatures,
        'Then restart the service.',
        'Then restart the service with ``systemctl restart acme``.',
      ),
    ),
    note: 'text pasted from a PDF with ﬁ ligatures; the model types plain letters',
  }),
  editCase('unicode', 'markdown', 'minus-sign', {
    file: 'docs/loss.md',
    original: mdMinus,
    edits: [['Values below -10 are clipped.', 'Values below -10 are clipped to -10.']],
    expect: lands(
      swap(mdMinus, 'Values below −10 are clipped.', 'Values below −10 are clipped to -10.'),
      swap(mdMinus, 'Values below −10 are clipped.', 'Values below -10 are clipped to -10.'),
      swap(mdMinus, 'Values below −10 are clipped.', 'Values below −10 are clipped to −10.'),
    ),
    note: 'a U+2212 minus sign typed as a hyphen-minus',
  }),
  patchCase('unicode', 'toml', 'typographic-context-lines', {
    file: 'config/messages.toml',
    original: tomlMessages,
    body: `@@ [messages]
 welcome = "Welcome - you're all set"
 goodbye = "See you soon..."
-error = "Something went wrong"
+error = "Something went wrong, please retry"
`,
    expect: lands(
      swap(tomlMessages, 'error = "Something went wrong"', 'error = "Something went wrong, please retry"'),
    ),
    note: 'context lines with an em dash, a curly apostrophe and an ellipsis typed as ASCII',
  }),
  patchCase('unicode', 'vue', 'fullwidth-shortcut-in-changed-line', {
    file: 'src/components/SaveButton.vue',
    original: vueButton,
    body: `@@ <template>
-  <button @click="save">保存(Ctrl+S)</button>
+  <button @click="save" :disabled="busy">保存(Ctrl+S)</button>
`,
    expect: lands(
      swap(vueButton, '<button @click="save">', '<button @click="save" :disabled="busy">'),
      swap(
        vueButton,
        '<button @click="save">保存（Ｃｔｒｌ＋Ｓ）</button>',
        '<button @click="save" :disabled="busy">保存(Ctrl+S)</button>',
      ),
    ),
    note: 'fullwidth （Ｃｔｒｌ＋Ｓ） typed as ASCII on the line the hunk changes',
  }),
  editCase('unicode', 'python', 'several-typographic-words-on-changed-line', {
    file: 'acme/messages.py',
    original: pyMessages,
    edits: [
      [
        '    "done": "It\'s done - took \'{t}\' seconds...",',
        '    "done": "It\'s done - took \'{t}\' seconds in total...",',
      ],
    ],
    expect: lands(
      swap(pyMessages, 'seconds…', 'seconds in total…'),
      swap(pyMessages, 'seconds…', 'seconds in total...'),
      swap(
        pyMessages,
        '    "done": "It’s done — took ‘{t}’ seconds…",',
        '    "done": "It\'s done - took \'{t}\' seconds in total...",',
      ),
    ),
    note: 'a changed line with a curly apostrophe, an em dash, single curly quotes and an ellipsis',
  }),
];
