// Unicode punctuation and NFKC compatibility forms: the file has typographic quotes, dashes, an ellipsis,
// odd spaces or fullwidth forms where the model writes ASCII (or the other way round). The edit must land,
// and the file's OTHER typographic text must stay exactly as it was. Each language hosts the phrase in a
// comment (or a JSON string) just above the line the model changes; every host also has a line of
// typographic text elsewhere that no edit may touch.
import { editCase, lands, patchCase } from '../build.js';
import { replaceOnce } from '../text.js';

const VARIANTS = [
  {
    name: 'curly-double-quotes',
    file: 'Press “Save” to keep your changes',
    model: 'Press "Save" to keep your changes',
  },
  { name: 'curly-apostrophe', file: 'We couldn’t reach the server', model: "We couldn't reach the server" },
  { name: 'en-dash', file: 'Retry in 5–10 seconds', model: 'Retry in 5-10 seconds' },
  {
    name: 'em-dash',
    file: 'Offline — changes are kept locally',
    model: 'Offline - changes are kept locally',
  },
  { name: 'ellipsis', file: 'Uploading your files…', model: 'Uploading your files...' },
  { name: 'no-break-space', file: 'Limit: 100\u00A0MB per file', model: 'Limit: 100 MB per file' },
  { name: 'narrow-no-break-space', file: 'Total: 10\u202F000 items', model: 'Total: 10 000 items' },
  { name: 'thin-space', file: 'Wait 5\u2009s before retrying', model: 'Wait 5 s before retrying' },
  { name: 'fullwidth-comma', file: '保存失败，请重试', model: '保存失败,请重试' },
  { name: 'fullwidth-letters', file: 'ＩＤ不存在', model: 'ID不存在' },
  { name: 'fullwidth-punctuation', file: '（注意：只读）', model: '(注意:只读)' },
  { name: 'ideographic-space', file: '用户\u3000设置', model: '用户 设置' },
  { name: 'model-writes-curly', file: "It's done", model: 'It’s done' },
  { name: 'model-writes-ellipsis', file: 'Loading...', model: 'Loading…' },
];

/**
 * Per language: the file (with `@P` where the phrase goes), the target line holding the phrase, the line
 * after it that the model changes, and its new version.
 */
const HOSTS = {
  python: {
    file: 'app/notify.py',
    text: '"""Notifications — sent once a day… or never, if the user opted out."""\n\n\ndef notify(user, outbox):\n    # @P\n    outbox.send(user.email, render(user))\n    return True\n',
    target: '    # @P',
    next: '    outbox.send(user.email, render(user))',
    nextNew: '    outbox.send(user.email, render(user), priority="low")',
  },
  yaml: {
    file: 'config/alerts.yaml',
    text: '# Alerts — edit with care: “critical” pages the on-call engineer.\nalerts:\n  - name: disk-full\n    # @P\n    threshold: 90\n    severity: warning\n',
    target: '    # @P',
    next: '    threshold: 90',
    nextNew: '    threshold: 85',
  },
  makefile: {
    file: 'docs/Makefile',
    text: '# Targets for the docs site — “make serve” runs it locally…\n.PHONY: serve\n\n# @P\nserve:\n\tmkdocs serve --dev-addr 127.0.0.1:8000\n',
    target: '# @P',
    next: 'serve:',
    nextNew: 'serve: deps',
  },
  haskell: {
    file: 'src/Messages.hs',
    text: '-- | Messages shown to users — keep them short… and friendly.\nmodule Messages where\n\n-- @P\nretryDelaySeconds :: Int\nretryDelaySeconds = 5\n',
    target: '-- @P',
    next: 'retryDelaySeconds :: Int',
    nextNew: 'retryDelaySeconds :: Integer',
  },
  fsharp: {
    file: 'src/Upload.fs',
    text: '/// Upload settings — “chunked” mode is the default…\nmodule Upload\n\n// @P\nlet chunkSize = 4 * 1024 * 1024\n',
    target: '// @P',
    next: 'let chunkSize = 4 * 1024 * 1024',
    nextNew: 'let chunkSize = 8 * 1024 * 1024',
  },
  markdown: {
    file: 'CHANGELOG.md',
    text: '# Release notes\n\n“Stable” releases ship every two weeks — see the calendar…\n\n## 2.4.0\n\n- @P\n- Faster start-up on large projects\n- Fewer dependencies\n',
    target: '- @P',
    next: '- Faster start-up on large projects',
    nextNew: '- Faster start-up on large projects (about 40% less time)',
  },
  typescript: {
    file: 'src/upload/copy.ts',
    text: '// Copy shown in the upload dialog — reviewed by the “UX writing” team…\nexport const UPLOAD = {\n  // @P\n  maxFiles: 20,\n  maxBytes: 100 * 1024 * 1024,\n};\n',
    target: '  // @P',
    next: '  maxFiles: 20,',
    nextNew: '  maxFiles: 50,',
  },
  javascript: {
    file: 'lib/policy.js',
    text: '/* Retry policy — tuned for the “flaky” staging network… */\nconst policy = {\n    // @P\n    attempts: 5,\n    backoffMs: 200,\n};\nmodule.exports = policy;\n',
    target: '    // @P',
    next: '    attempts: 5,',
    nextNew: '    attempts: 8,',
  },
  go: {
    file: 'notify/limits.go',
    text: '// Package notify — “best effort” delivery… nothing is retried.\npackage notify\n\n// @P\nconst maxRetries = 3\n',
    target: '// @P',
    next: 'const maxRetries = 3',
    nextNew: 'const maxRetries = 5',
  },
  rust: {
    file: 'src/limits.rs',
    text: '//! Limits — “soft” limits warn, hard limits fail…\n\n// @P\npub const MAX_UPLOAD: usize = 100 * 1024 * 1024;\n',
    target: '// @P',
    next: 'pub const MAX_UPLOAD: usize = 100 * 1024 * 1024;',
    nextNew: 'pub const MAX_UPLOAD: usize = 200 * 1024 * 1024;',
  },
  c: {
    file: 'src/status.c',
    text: '/* Status messages — keep in sync with the “ui” strings… */\n#include <stdio.h>\n\n/* @P */\n#define RETRY_DELAY_MS 500\n',
    target: '/* @P */',
    next: '#define RETRY_DELAY_MS 500',
    nextNew: '#define RETRY_DELAY_MS 750',
  },
  java: {
    file: 'src/main/java/com/example/Checkout.java',
    text: '/**\n * Messages for the checkout page — “cart” means the current basket…\n */\npublic final class Checkout {\n    // @P\n    static final int MAX_ITEMS = 50;\n}\n',
    target: '    // @P',
    next: '    static final int MAX_ITEMS = 50;',
    nextNew: '    static final int MAX_ITEMS = 100;',
  },
  json: {
    file: 'i18n/upload.json',
    text: '{\n  "title": "Uploads — “drag and drop” or browse…",\n  "hint": "@P",\n  "maxFiles": 20\n}\n',
    target: '  "hint": "@P",',
    next: '  "maxFiles": 20',
    nextNew: '  "maxFiles": 50',
    // A straight double quote cannot stand inside a JSON string.
    skip: (v) => v.file.includes('"') || v.model.includes('"'),
  },
  shell: {
    file: 'scripts/backup.sh',
    text: '#!/usr/bin/env bash\n# Backups — “nightly” means 02:00 UTC… not local time.\nset -euo pipefail\n\n# @P\nKEEP_DAYS=14\n',
    target: '# @P',
    next: 'KEEP_DAYS=14',
    nextNew: 'KEEP_DAYS=30',
  },
};

const put = (template, phrase) => template.replace('@P', phrase);

export function unicode(fx, index) {
  const host = HOSTS[fx.language];
  if (!host) return [];
  const usable = VARIANTS.filter((v) => !host.skip?.(v));
  const pick = (k) => usable[(index * 3 + k) % usable.length];
  const hostFx = { ...fx, file: host.file };
  const out = [];
  for (const k of [0, 1, 2]) {
    const v = pick(k);
    const text = put(host.text, v.file);
    const fileTarget = put(host.target, v.file);
    const modelTarget = put(host.target, v.model);
    out.push(
      editCase(hostFx, 'unicode', `${v.name}-two-lines`, {
        original: text,
        edits: [{ old: `${modelTarget}\n${host.next}`, new: `${modelTarget}\n${host.nextNew}` }],
        expect: lands(
          replaceOnce(text, `${fileTarget}\n${host.next}`, `${modelTarget}\n${host.nextNew}`),
          replaceOnce(text, `${fileTarget}\n${host.next}`, `${fileTarget}\n${host.nextNew}`),
        ),
        note: `old_text writes ${v.name.replaceAll('-', ' ')} differently from the file`,
      }),
    );
  }
  const v = pick(3);
  const text = put(host.text, v.file);
  const suffix = ' (see the FAQ)';
  out.push(
    editCase(hostFx, 'unicode', `${v.name}-fragment`, {
      original: text,
      edits: [{ old: v.model, new: v.model + suffix }],
      expect: lands(replaceOnce(text, v.file, v.model + suffix), replaceOnce(text, v.file, v.file + suffix)),
      note: `old_text is a fragment of one line, with ${v.name.replaceAll('-', ' ')} written differently`,
    }),
  );
  const w = pick(4);
  const patchText = put(host.text, w.file);
  out.push(
    patchCase(hostFx, 'unicode', `patch-${w.name}`, {
      original: patchText,
      hunks: [['@@', ` ${put(host.target, w.model)}`, `-${host.next}`, `+${host.nextNew}`]],
      expect: lands(replaceOnce(patchText, host.next, host.nextNew)),
      note: `the hunk's context line writes ${w.name.replaceAll('-', ' ')} differently; context lines stay as in the file`,
    }),
  );
  return out;
}
