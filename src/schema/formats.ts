// The `format` checks ajv-formats provides, with the one that takes quadratic time replaced.

import type { Format } from 'ajv';
import addFormatsModule from 'ajv-formats';

type AddFormats = typeof addFormatsModule.default;
const addFormats = ((addFormatsModule as unknown as { default?: AddFormats }).default ??
  addFormatsModule) as AddFormats;

// In ajv-formats' `url`, `\S+(?::\S*)?@` backtracks over every split of a run of `:` (0.5 s for 20,000
// characters, hours for the 1 MiB an argument may hold). `\S+@` accepts the same strings (`:` and what
// follows it are `\S` already) in linear time; the rest of the expression is unchanged.
const QUADRATIC_USERINFO = '(?:\\S+(?::\\S*)?@)?';
const LINEAR_USERINFO = '(?:\\S+@)?';

/** Add every ajv-formats format (full mode) to an ajv instance, `url` in its linear form. */
export function addLinearFormats(ajv: Parameters<AddFormats>[0]): void {
  addFormats(ajv);
  ajv.addFormat('url', linearUrl());
}

function linearUrl(): Format {
  const url = addFormats.get('url', 'full');
  if (!(url instanceof RegExp) || !url.source.includes(QUADRATIC_USERINFO)) {
    // A new ajv-formats changed the expression: fail loudly rather than keep an unchecked one.
    throw new Error('ajv-formats changed its "url" format; re-check it for super-linear backtracking');
  }
  return new RegExp(url.source.replace(QUADRATIC_USERINFO, LINEAR_USERINFO), url.flags);
}
