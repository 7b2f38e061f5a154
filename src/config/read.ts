// One configuration layer, read and checked: JSON syntax and duplicate keys (the policy file's parser, so
// both report alike), the schema, then the values the schema cannot judge (host patterns, addresses, URLs,
// directories that must exist). Every problem carries the file, the setting and its line and column.
import { statSync } from 'node:fs';
import { jsonPath, parseJson, readSettingsText, settingsReadProblem } from '../policy/policy-file/index.js';
import { parseAddressRule, parseHostPattern, parseTarget } from '../sandbox/index.js';
import { escapeSegment } from '../schema/index.js';
import { type JsonPositions, jsonPositions } from './locate.js';
import type { HandrailConfig } from './schema-type.js';
import { resolvePath, type SettingContext } from './settings.js';
import type { ConfigLayer, ConfigProblem } from './types.js';
import { configSchemaProblems } from './validate.js';

/** A layer ready to merge: its configuration, and how to place a problem in it. */
export interface ConfigLayerInput {
  layer: Exclude<ConfigLayer, 'default'>;
  file?: string;
  config: HandrailConfig;
  positions?: JsonPositions;
}

/** A problem at a JSON pointer of a layer, placed in its file when there is one. */
export function problemAt(
  input: Pick<ConfigLayerInput, 'layer' | 'file' | 'positions'>,
  pointer: string,
  message: string,
  onKey = false,
  extra: Pick<ConfigProblem, 'code' | 'hint'> = {},
): ConfigProblem {
  const at = input.positions
    ? onKey
      ? input.positions.key(pointer)
      : input.positions.value(pointer)
    : undefined;
  return {
    layer: input.layer,
    ...(input.file ? { file: input.file } : {}),
    path: jsonPath(pointer),
    ...(at ? { line: at.line, column: at.column } : {}),
    message,
    ...extra,
  };
}

/**
 * Read a configuration file; undefined config when it cannot be used at all. `format: 'mcp'` reads a file in
 * the MCP clients' format (`{ "mcpServers": { ... } }`, as in claude_desktop_config.json or .mcp.json) for
 * its servers alone; its other keys are the client's (one warning names them).
 */
export function readConfigFile(
  file: string,
  layer: 'user' | 'project' | 'file',
  ctx: SettingContext,
  format: 'handrail' | 'mcp' = 'handrail',
): { input?: ConfigLayerInput; problems: ConfigProblem[]; warnings: ConfigProblem[] } {
  let text: string;
  try {
    text = readSettingsText(file);
  } catch (error) {
    return { problems: [{ layer, file, path: '(file)', message: settingsReadProblem(error) }], warnings: [] };
  }
  const parsed = parseJson(text);
  if (!parsed.ok) {
    // "invalid JSON at line 3, column 7: …": the parser places it; carry the place as fields too.
    const place = /line (\d+), column (\d+)/.exec(parsed.problem.message);
    return {
      problems: [
        {
          layer,
          file,
          path: '(file)',
          ...(place ? { line: Number(place[1]), column: Number(place[2]) } : {}),
          message: parsed.problem.message,
        },
      ],
      warnings: [],
    };
  }
  const input: ConfigLayerInput = { layer, file, config: {}, positions: jsonPositions(text) };
  const warnings: ConfigProblem[] = [];
  let value = parsed.value;
  if (format === 'mcp') {
    const problem = notMcpFormat(value);
    if (problem) return { problems: [{ ...problemAt(input, '', problem), path: '(file)' }], warnings };
    const others = Object.keys(value as object).filter((key) => key !== 'mcpServers');
    if (others.length > 0) {
      const names = others.map((key) => `"${key}"`).join(', ');
      warnings.push(
        problemAt(
          input,
          `/${escapeSegment(others[0]!)}`,
          `${names} ignored: only "mcpServers" is read here`,
          true,
          {
            code: 'no_effect',
          },
        ),
      );
    }
    value = { mcpServers: (value as { mcpServers: unknown }).mcpServers };
  }
  const problems = checkConfig(value, input, ctx);
  if (problems.length > 0) return { problems, warnings };
  return { input: { ...input, config: value as HandrailConfig }, problems, warnings };
}

/** Why a file is not in the MCP clients' format; undefined when it is. */
function notMcpFormat(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return 'must be an object { "mcpServers": { ... } }, the format MCP clients use';
  }
  if (!('mcpServers' in value)) return 'has no "mcpServers": write { "mcpServers": { "<name>": { ... } } }';
  return undefined;
}

/** Every problem of a configuration object (from a file, flags or code), placed in `input`'s file. */
export function checkConfig(
  value: unknown,
  input: Pick<ConfigLayerInput, 'layer' | 'file' | 'positions'>,
  ctx: SettingContext,
): ConfigProblem[] {
  const problems = configSchemaProblems(value).map((p) => problemAt(input, p.pointer, p.message, p.onKey));
  // Values of the right type that are still wrong; a value of the wrong type was reported above.
  const at = (pointer: string, message: string) => problems.push(problemAt(input, pointer, message));
  const strings = (v: unknown): Array<[number, string]> =>
    Array.isArray(v)
      ? v.flatMap((e, i): Array<[number, string]> => (typeof e === 'string' ? [[i, e]] : []))
      : [];
  const config = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  const network = (config.network ?? {}) as Record<string, unknown>;
  const patterns = (key: 'allow' | 'deny' | 'allowAddresses', parse: (entry: string) => unknown) => {
    for (const [i, entry] of strings(network[key])) {
      const parsed = parse(entry);
      if (typeof parsed === 'string') at(`/network/${key}/${i}`, `"${entry}": ${parsed}`);
    }
  };
  patterns('allow', parseHostPattern);
  patterns('deny', parseHostPattern);
  patterns('allowAddresses', parseAddressRule);
  const endpoint = (config.webSearch as { endpoint?: unknown } | undefined)?.endpoint;
  if (typeof endpoint === 'string') {
    try {
      parseTarget(endpoint);
    } catch (error) {
      at('/webSearch/endpoint', `"${endpoint}": ${(error as Error).message}`);
    }
  }
  if (Array.isArray(config.roots)) {
    config.roots.forEach((root: { path?: unknown }, i) => {
      if (typeof root?.path !== 'string') return;
      const dir = resolvePath(root.path, ctx);
      if (!statSync(dir, { throwIfNoEntry: false })?.isDirectory())
        at(`/roots/${i}/path`, `${dir} is not a directory`);
    });
  }
  if (typeof config.policy === 'string') {
    const file = resolvePath(config.policy, ctx);
    if (!statSync(file, { throwIfNoEntry: false })?.isFile()) at('/policy', `${file}: no such file`);
  }
  return inFileOrder(problems);
}

function inFileOrder(problems: ConfigProblem[]): ConfigProblem[] {
  return problems.sort((a, b) => (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0));
}
