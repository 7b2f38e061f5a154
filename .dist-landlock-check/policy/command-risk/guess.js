import { evalWord, stringParts } from './words.js';
const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
/** bash's IFS when the line does not set one. */
const DEFAULT_IFS = ' \t\n';
/** Marks a place where word splitting cuts a field. */
const CUT = '\u0000';
export class Guesser {
    assignments = [];
    constructor(root) {
        for (const node of root.descendantsOfType('variable_assignment')) {
            // `x=rm cmd` sets x for cmd only, after its words are expanded.
            if (!node || node.parent?.type === 'command')
                continue;
            const name = node.childForFieldName('name')?.text ?? '';
            const valueNode = node.childForFieldName('value');
            const value = valueNode ? evalWord(valueNode).value : '';
            if (NAME.test(name) && value !== null)
                this.assignments.push({ name, value, at: node.endIndex });
        }
    }
    /**
     * The fields `words` expand to, when every expansion in them is a variable whose value the line gives
     * before `at`; null when some part is not known, or when nothing in them is an expansion at all.
     */
    fields(words, at) {
        const ifs = this.lookup('IFS', at) ?? DEFAULT_IFS;
        let expanded = false;
        const lookup = (name) => {
            const value = name === 'IFS' ? ifs : this.lookup(name, at);
            if (value !== undefined)
                expanded = true;
            return value;
        };
        const out = [];
        for (const word of words) {
            const text = piece(word, lookup, ifs, false);
            if (text === null)
                return null;
            // Fields cut by unquoted expansions; empty ones (an expansion of only blanks) vanish.
            const fields = text.split(CUT);
            out.push(...(fields.length > 1 ? fields.filter((f) => f !== '') : fields));
        }
        return expanded && out.length > 0 ? out : null;
    }
    lookup(name, at) {
        let found;
        for (const a of this.assignments)
            if (a.name === name && a.at <= at)
                found = a.value;
        return found;
    }
}
/** The text of one part of a word, with CUT where an unquoted expansion splits; null when not known. */
function piece(node, lookup, ifs, quoted) {
    switch (node.type) {
        case 'simple_expansion':
        case 'expansion': {
            const name = /^\$\{?([A-Za-z_][A-Za-z0-9_]*)\}?$/.exec(node.text)?.[1];
            const value = name === undefined ? undefined : lookup(name);
            if (value === undefined)
                return null;
            if (quoted)
                return value;
            return [...value].map((c) => (ifs.includes(c) ? CUT : c)).join('');
        }
        case 'concatenation': {
            let text = '';
            for (const child of node.children) {
                const part = child ? piece(child, lookup, ifs, quoted) : null;
                if (part === null)
                    return null;
                text += part;
            }
            return text;
        }
        case 'string': {
            let text = '';
            for (const part of stringParts(node)) {
                const value = typeof part === 'string' ? part : piece(part, lookup, ifs, true);
                if (value === null)
                    return null;
                text += value;
            }
            return text;
        }
        default: {
            const arg = evalWord(node);
            return arg.value !== null && arg.glob !== true ? arg.value : null;
        }
    }
}
//# sourceMappingURL=guess.js.map