// The policy language: rule text and structured rules, compiled matchers, evaluation and suggestions.
export {
  type CompileContext,
  compileRuleText,
  compileStructured,
  RuleError,
  ruleMatchesExample,
} from './compile.js';
export { blocks, evaluateRules, type Facets, facetsOf, RuleIndex, type RuleSource } from './evaluate.js';
export { type CommandPattern, parseCommandPattern, quoteWord } from './facets/command-words.js';
export { type PathBase, PatternError } from './facets/definition.js';
export { normalizeHost } from './facets/domain.js';
export { resolvePathPattern } from './facets/path.js';
export { suggestRule } from './suggest.js';
export { CLASS_ALIASES, parseToolSelector, selectorMatches } from './tool-selector.js';
export {
  type CompiledRule,
  type KnownTool,
  LAYER_NAMES,
  type LayerName,
  type PolicyObject,
  type PolicyWarning,
  type RuleRef,
  type RuleVerdict,
  type StructuredRule,
  type ToolSelector,
} from './types.js';
