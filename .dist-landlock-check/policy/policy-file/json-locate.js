// Where JSON text stops being JSON. Node 20's JSON.parse often names no position, and a policy author needs
// a line and column; this scanner follows the JSON grammar just far enough to find the first bad character.
// It also refuses a property given twice in one object, which JSON.parse would accept by keeping the last.
export function locateJsonError(text) {
    let i = 0;
    const fail = (message) => {
        const end = i >= text.length && !message.startsWith('unexpected end');
        throw {
            offset: i,
            message: end ? `unexpected end of file (${message})` : message,
        };
    };
    const ws = () => {
        while (i < text.length && ' \t\n\r'.includes(text[i]))
            i++;
    };
    const unexpected = () => i >= text.length ? fail('unexpected end of file') : fail(`unexpected ${JSON.stringify(text[i])}`);
    const literal = (word) => {
        if (text.startsWith(word, i))
            i += word.length;
        else
            unexpected();
    };
    const string = () => {
        i++;
        while (i < text.length && text[i] !== '"') {
            const c = text.charCodeAt(i);
            if (c < 0x20)
                fail('control character in a string (write it as an escape, e.g. \\n)');
            if (text[i] === '\\') {
                i++;
                if (text[i] === 'u') {
                    if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 1, i + 5)))
                        fail('bad \\u escape');
                    i += 4;
                }
                else if (i >= text.length || !'"\\/bfnrt'.includes(text[i]))
                    fail('bad escape in a string');
            }
            i++;
        }
        if (i >= text.length)
            fail('unterminated string');
        i++;
    };
    const number = () => {
        const m = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i, i + 400));
        if (!m || m[0] === '' || m[0] === '-')
            unexpected();
        i += m[0].length;
    };
    const value = (depth) => {
        if (depth > 1000)
            fail('nested too deeply');
        ws();
        const c = text[i];
        if (c === '{') {
            i++;
            ws();
            if (text[i] === '}') {
                i++;
                return;
            }
            const keys = new Set();
            for (;;) {
                ws();
                if (text[i] !== '"')
                    fail(text[i] === '}' ? 'trailing comma before "}"' : 'expected a property name in double quotes');
                const start = i;
                string();
                // JSON.parse keeps the last of two equal keys: a second "deny" would silently drop the first.
                const key = JSON.parse(text.slice(start, i));
                if (keys.has(key)) {
                    i = start;
                    fail(`duplicate property ${JSON.stringify(key)} (only the last one would count)`);
                }
                keys.add(key);
                ws();
                if (text[i] !== ':')
                    fail('expected ":" after the property name');
                i++;
                value(depth + 1);
                ws();
                if (text[i] === ',')
                    i++;
                else if (text[i] === '}') {
                    i++;
                    return;
                }
                else
                    fail('expected "," or "}"');
            }
        }
        else if (c === '[') {
            i++;
            ws();
            if (text[i] === ']') {
                i++;
                return;
            }
            for (;;) {
                ws();
                if (text[i] === ']')
                    fail('trailing comma before "]"');
                value(depth + 1);
                ws();
                if (text[i] === ',')
                    i++;
                else if (text[i] === ']') {
                    i++;
                    return;
                }
                else
                    fail('expected "," or "]"');
            }
        }
        else if (c === '"')
            string();
        else if (c === 't')
            literal('true');
        else if (c === 'f')
            literal('false');
        else if (c === 'n')
            literal('null');
        else if (c === '-' || (c !== undefined && c >= '0' && c <= '9'))
            number();
        else
            unexpected();
    };
    try {
        value(0);
        ws();
        if (i < text.length)
            fail(`unexpected ${JSON.stringify(text[i])} after the end of the JSON value`);
        return undefined;
    }
    catch (problem) {
        if (typeof problem === 'object' && problem !== null && 'offset' in problem)
            return problem;
        throw problem;
    }
}
//# sourceMappingURL=json-locate.js.map