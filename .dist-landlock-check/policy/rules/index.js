// The policy language: rule text and structured rules, compiled matchers, evaluation and suggestions.
export { compileRuleText, compileStructured, RuleError, ruleMatchesExample, } from './compile.js';
export { decideStatic } from './decide.js';
export { blocks, evaluateRules, facetsOf, RuleIndex } from './evaluate.js';
export { parseCommandPattern, quoteWord } from './facets/command-words.js';
export { PatternError } from './facets/definition.js';
export { normalizeHost } from './facets/domain.js';
export { resolvePathPattern } from './facets/path.js';
export { suggestRule } from './suggest.js';
export { CLASS_ALIASES, parseToolSelector, selectorMatches } from './tool-selector.js';
export { LAYER_NAMES, } from './types.js';
//# sourceMappingURL=index.js.map