// The policy language: rule text and structured rules, compiled matchers, evaluation and suggestions.
export {
  type CompileContext,
  compileRuleText,
  compileStructured,
  RuleError,
  ruleMatchesExample,
} from './compile.js';
export { decideStatic, type StaticDecision } from './decide.js';
export { blocks, evaluateRules, type Facets, facetsOf, RuleIndex, type RuleSource } from './evaluate.js';
export { normalizeHost, type PathBase, resolvePathPattern } from './matchers.js';
export { type CommandPattern, PatternError, parseCommandPattern, quoteWord } from './shell-words.js';
export { suggestRule } from './suggest.js';
export { CLASS_ALIASES, parseToolSelector, selectorMatches } from './tool-selector.js';
export {
  type CompiledRule,
  LAYER_NAMES,
  type LayerName,
  type PolicyObject,
  type PolicyWarning,
  type RuleRef,
  type RuleVerdict,
  type StructuredRule,
  type ToolSelector,
} from './types.js';
