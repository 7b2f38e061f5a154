// Held-out cases. Line endings (CRLF, BOM, lone CR, mixed) kept byte for byte.
import { BOM, cr, crlf, editCase, lands, patchCase, sp, swap, swaps } from '../build.js';

const csharp = `using System;

namespace Acme.Billing
{
    public sealed class Invoice
    {
        public decimal Total { get; init; }
        public DateTime DueOn { get; init; }
    }
}
`;

const powershell = `param(
    [string]$Environment = "staging"
)

$ErrorActionPreference = "Stop"
Write-Host "Deploying to $Environment"
& ./build.ps1 -Configuration Release
`;

const applescript = `tell application "Finder"
\tset theFolder to folder "Reports" of desktop
\tset fileCount to count of files of theFolder
end tell
display dialog "Found " & fileCount & " reports"
`;

const legacyIni = `[Settings]
Volume=7
Brightness=4
Language=EN
`;

const mixedIni = '[server]\r\nhost = 0.0.0.0\r\nport = 8080\r\n[cache]\nttl = 300\nsize = 1000\n';

const packageJson = `{
  "name": "acme-web",
  "private": true,
  "scripts": {
    "dev": "vite",
    "build": "vite build"
  }
}
`;

const appsettings = `{
  "Logging": {
    "LogLevel": {
      "Default": "Information"
    }
  },
  "AllowedHosts": "*"
}
`;

const batch = '@echo off\r\nsetlocal\r\ncall npm ci\r\ncall npm run build';

const vb = sp(`Module Program
    Sub Main()␠
        Console.WriteLine("Hello")
    End Sub
End Module
`);

const rubyGreet = `def greet(name)
  if name.empty?
    puts "Hello, stranger"
  else
    puts "Hello, #{name}"
  end
end
`;

const psParam = `param(
    [string]$Name
)
Write-Output "Hi $Name"
`;

const csGreeter = `public class Greeter
{
    public string Greet(string name)
    {
        return $"Hello, {name}";
    }
}
`;

export const lineEndingCases = [
  editCase('line_endings', 'csharp', 'bom-crlf-add-property', {
    file: 'src/Billing/Invoice.cs',
    original: BOM + crlf(csharp),
    edits: [
      [
        '        public DateTime DueOn { get; init; }',
        '        public DateTime DueOn { get; init; }\n        public string Currency { get; init; } = "EUR";',
      ],
    ],
    expect: lands(
      BOM +
        crlf(
          swap(
            csharp,
            '        public DateTime DueOn { get; init; }\n',
            '        public DateTime DueOn { get; init; }\n        public string Currency { get; init; } = "EUR";\n',
          ),
        ),
    ),
    note: 'a C# file with a BOM and CRLF; the model sends LF',
  }),
  patchCase('line_endings', 'powershell', 'crlf-hunk', {
    file: 'scripts/deploy.ps1',
    original: crlf(powershell),
    body: `@@ $ErrorActionPreference = "Stop"
 Write-Host "Deploying to $Environment"
+if ($Environment -eq "prod") { Confirm-Deploy }
 & ./build.ps1 -Configuration Release
`,
    expect: lands(
      crlf(
        swap(powershell, '& ./build.ps1', 'if ($Environment -eq "prod") { Confirm-Deploy }\n& ./build.ps1'),
      ),
    ),
    note: 'a PowerShell script with CRLF',
  }),
  editCase('line_endings', 'applescript', 'lone-cr-last-line', {
    file: 'Scripts/count-reports.applescript',
    original: cr(applescript),
    edits: [
      [
        'display dialog "Found " & fileCount & " reports"',
        'display dialog "Found " & fileCount & " reports" buttons {"OK"}',
      ],
    ],
    expect: lands(cr(swap(applescript, '" reports"', '" reports" buttons {"OK"}'))),
    note: 'a classic Mac file with lone CR line endings',
  }),
  patchCase('line_endings', 'ini', 'lone-cr-hunk', {
    file: 'legacy/settings.ini',
    original: cr(legacyIni),
    body: `@@ [Settings]
 Volume=7
-Brightness=4
+Brightness=6
+Contrast=5
 Language=EN
`,
    expect: lands(cr(swap(legacyIni, 'Brightness=4\n', 'Brightness=6\nContrast=5\n'))),
    note: 'a hunk across lone-CR lines, adding one',
  }),
  editCase('line_endings', 'ini', 'mixed-crlf-lf-span', {
    file: 'config/app.ini',
    original: mixedIni,
    edits: [['port = 8080\n[cache]\nttl = 300', 'port = 9090\n[cache]\nttl = 600']],
    expect: lands(
      '[server]\r\nhost = 0.0.0.0\r\nport = 9090\r\n[cache]\nttl = 600\nsize = 1000\n',
      '[server]\r\nhost = 0.0.0.0\r\nport = 9090\n[cache]\nttl = 600\nsize = 1000\n',
      '[server]\r\nhost = 0.0.0.0\r\nport = 9090\r\n[cache]\nttl = 600\r\nsize = 1000\n',
      '[server]\r\nhost = 0.0.0.0\r\nport = 9090\n[cache]\nttl = 600\r\nsize = 1000\n',
    ),
    note: 'old_text spans the point where CRLF lines give way to LF lines',
  }),
  editCase('line_endings', 'json', 'model-sends-crlf', {
    file: 'package.json',
    original: packageJson,
    edits: [
      [
        '    "dev": "vite",\r\n    "build": "vite build"',
        '    "dev": "vite",\r\n    "build": "vite build",\r\n    "preview": "vite preview"',
      ],
    ],
    expect: lands(
      swap(packageJson, '"build": "vite build"\n', '"build": "vite build",\n    "preview": "vite preview"\n'),
    ),
    note: 'the model sends CRLF for an LF file',
  }),
  editCase('line_endings', 'json', 'bom-lf', {
    file: 'appsettings.json',
    original: BOM + appsettings,
    edits: [['      "Default": "Information"', '      "Default": "Warning"']],
    expect: lands(BOM + swap(appsettings, '"Information"', '"Warning"')),
    note: 'a JSON file with a BOM and LF',
  }),
  editCase('line_endings', 'batch', 'crlf-no-final-newline', {
    file: 'build.cmd',
    original: batch,
    edits: [['call npm run build', 'call npm run build\nif errorlevel 1 exit /b 1']],
    expect: lands(`${batch}\r\nif errorlevel 1 exit /b 1`),
    note: 'a CRLF batch file without a final newline; the last line grows',
  }),
  patchCase('line_endings', 'visualbasic', 'bom-crlf-trailing-space', {
    file: 'Program.vb',
    original: BOM + crlf(vb),
    body: `@@ Module Program
     Sub Main()
-        Console.WriteLine("Hello")
+        Console.WriteLine("Hello, " & Environment.UserName)
     End Sub
`,
    expect: lands(BOM + crlf(swap(vb, 'WriteLine("Hello")', 'WriteLine("Hello, " & Environment.UserName)'))),
    note: 'BOM, CRLF and a trailing space on a context line',
  }),
  editCase('line_endings', 'ruby', 'lone-cr-with-indentation-drift', {
    file: 'lib/greet.rb',
    original: cr(rubyGreet),
    edits: [
      ['if name.empty?\n  puts "Hello, stranger"', 'if name.nil? || name.empty?\n  puts "Hello, stranger"'],
    ],
    expect: lands(cr(swaps(rubyGreet, [['  if name.empty?', '  if name.nil? || name.empty?']]))),
    note: 'lone CR endings and old_text quoted without indentation',
  }),
  editCase('line_endings', 'powershell', 'bom-first-line', {
    file: 'scripts/hello.ps1',
    original: BOM + crlf(psParam),
    edits: [['param(', '[CmdletBinding()]\nparam(']],
    expect: lands(BOM + crlf(`[CmdletBinding()]\n${psParam}`)),
    note: 'an edit of the first line of a file with a BOM and CRLF',
  }),
  patchCase('line_endings', 'csharp', 'crlf-hunk-at-col-0', {
    file: 'src/Greeter.cs',
    original: crlf(csGreeter),
    body: `@@ public string Greet(string name)
 {
-    return $"Hello, {name}";
+    if (string.IsNullOrEmpty(name)) return "Hello";
+    return $"Hello, {name}";
 }
`,
    expect: lands(
      crlf(
        swap(
          csGreeter,
          '        return $"Hello',
          '        if (string.IsNullOrEmpty(name)) return "Hello";\n        return $"Hello',
        ),
      ),
    ),
    note: 'a CRLF file and a hunk written without the method indentation',
  }),
  patchCase('line_endings', 'ini', 'mixed-crlf-lf-hunk', {
    file: 'config/app.ini',
    original: mixedIni,
    body: `@@ [server]
 host = 0.0.0.0
-port = 8080
+port = 9090
 [cache]
-ttl = 300
+ttl = 600
`,
    expect: lands(
      '[server]\r\nhost = 0.0.0.0\r\nport = 9090\r\n[cache]\nttl = 600\nsize = 1000\n',
      '[server]\r\nhost = 0.0.0.0\r\nport = 9090\r\n[cache]\nttl = 600\r\nsize = 1000\n',
    ),
    note: 'a hunk across the point where CRLF lines give way to LF lines',
  }),
];
