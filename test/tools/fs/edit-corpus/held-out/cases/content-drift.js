// Held-out cases. Content drift: the model misquotes the text itself (a dropped blank line, an added trailing comma, a line
// the file does not have). Refused, naming the closest text; landing exactly as meant is also accepted where
// the intent is unambiguous.
import { editCase, lineOf, patchCase, refuses, refusesOrLands, swap } from '../build.js';

const argparse = `def build_parser():
    parser = argparse.ArgumentParser(prog="acme")
    parser.add_argument("--verbose", action="store_true")

    sub = parser.add_subparsers(dest="cmd")
    sub.add_parser("sync")
    return parser
`;

const kotlinMain = `fun main(args: Array<String>) {
    val app = App(args)

    app.start()
    app.awaitTermination()
}
`;

const tsconfig = `{
  "extends": "./tsconfig.base.json",
  "include": ["src"]
}
`;

const pyClient = `client = Client(
    base_url=settings.API_URL,
    timeout=30
)
`;

const phpBoot = `<?php

class AppServiceProvider extends ServiceProvider
{
    public function boot(): void
    {
        Paginator::useBootstrapFive();
        Schema::defaultStringLength(191);
    }
}
`;

const extensionsJson = `{
  "recommendations": [
    "dbaeumer.vscode-eslint",
    "esbenp.prettier-vscode"
  ]
}
`;

export const contentDriftCases = [
  editCase('content_drift', 'python', 'dropped-blank-line', {
    file: 'acme/cli.py',
    original: argparse,
    edits: [
      [
        '    parser.add_argument("--verbose", action="store_true")\n    sub = parser.add_subparsers(dest="cmd")',
        '    parser.add_argument("--verbose", action="store_true")\n    parser.add_argument("--config", default="acme.toml")\n    sub = parser.add_subparsers(dest="cmd")',
      ],
    ],
    expect: refusesOrLands(
      [
        swap(
          argparse,
          '"store_true")\n\n',
          '"store_true")\n    parser.add_argument("--config", default="acme.toml")\n\n',
        ),
        swap(
          argparse,
          '"store_true")\n\n',
          '"store_true")\n\n    parser.add_argument("--config", default="acme.toml")\n',
        ),
      ],
      lineOf(argparse, '    parser.add_argument("--verbose"'),
    ),
    note: 'old_text drops the blank line between two statements',
  }),
  patchCase('content_drift', 'kotlin', 'dropped-blank-context', {
    file: 'src/main/kotlin/Main.kt',
    original: kotlinMain,
    body: `@@ fun main(args: Array<String>) {
     val app = App(args)
+    app.installShutdownHook()
     app.start()
`,
    expect: refusesOrLands(
      [
        swap(
          kotlinMain,
          '    val app = App(args)\n',
          '    val app = App(args)\n    app.installShutdownHook()\n',
        ),
        swap(kotlinMain, '    app.start()\n', '    app.installShutdownHook()\n    app.start()\n'),
      ],
      lineOf(kotlinMain, '    val app = App(args)'),
    ),
    note: "the hunk's context leaves out the blank line between its two context lines",
  }),
  editCase('content_drift', 'json', 'added-trailing-comma', {
    file: 'tsconfig.json',
    original: tsconfig,
    edits: [['  "include": ["src"],', '  "include": ["src", "test"],']],
    expect: refuses(lineOf(tsconfig, '"include"')),
    note: 'the model quotes the last JSON member with a trailing comma it does not have',
  }),
  editCase('content_drift', 'python', 'black-trailing-comma', {
    file: 'acme/http.py',
    original: pyClient,
    edits: [
      ['    base_url=settings.API_URL,\n    timeout=30,', '    base_url=settings.API_URL,\n    timeout=60,'],
    ],
    expect: refusesOrLands(
      [swap(pyClient, '    timeout=30\n', '    timeout=60,\n')],
      lineOf(pyClient, 'timeout=30'),
    ),
    note: 'the model adds the magic trailing comma a formatter would',
  }),
  editCase('content_drift', 'php', 'hallucinated-line', {
    file: 'app/Providers/AppServiceProvider.php',
    original: phpBoot,
    edits: [
      [
        '        Paginator::useBootstrapFive();\n        Model::preventLazyLoading();\n        Schema::defaultStringLength(191);',
        '        Paginator::useBootstrapFive();\n        Model::preventLazyLoading(! app()->isProduction());\n        Schema::defaultStringLength(191);',
      ],
    ],
    expect: refuses(lineOf(phpBoot, 'Paginator::')),
    note: 'old_text contains a line the file does not have',
  }),
  patchCase('content_drift', 'json', 'hunk-adds-trailing-comma', {
    file: 'config/extensions.json',
    original: extensionsJson,
    body: `@@
     "dbaeumer.vscode-eslint",
-    "esbenp.prettier-vscode",
+    "esbenp.prettier-vscode",
+    "biomejs.biome"
   ]
`,
    expect: refusesOrLands(
      [
        swap(
          extensionsJson,
          '"esbenp.prettier-vscode"\n',
          '"esbenp.prettier-vscode",\n    "biomejs.biome"\n',
        ),
      ],
      lineOf(extensionsJson, 'esbenp'),
    ),
    note: 'the removed line is quoted with a trailing comma the file does not have',
  }),
];
