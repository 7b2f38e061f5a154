// Where a value sits in a JSON text: schema problems come with a JSON pointer, a person wants a line and a
// column. The text has already parsed (and passed the duplicate-key check), so this walk follows valid JSON.
export function jsonPositions(text) {
    const values = new Map();
    const keys = new Map();
    let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
    const ws = () => {
        while (i < text.length && ' \t\n\r'.includes(text[i]))
            i++;
    };
    const string = () => {
        const start = i++;
        while (i < text.length && text[i] !== '"')
            i += text[i] === '\\' ? 2 : 1;
        i++;
        return JSON.parse(text.slice(start, i));
    };
    const value = (pointer) => {
        ws();
        values.set(pointer, i);
        const c = text[i];
        if (c === '{' || c === '[') {
            const object = c === '{';
            i++;
            for (let index = 0;; index++) {
                ws();
                if (text[i] === '}' || text[i] === ']') {
                    i++;
                    return;
                }
                if (text[i] === ',') {
                    i++;
                    ws();
                }
                let child = `${pointer}/${index}`;
                if (object) {
                    const at = i;
                    child = `${pointer}/${string().replace(/~/g, '~0').replace(/\//g, '~1')}`;
                    keys.set(child, at);
                    ws();
                    i++; // the colon
                }
                value(child);
            }
        }
        if (c === '"')
            string();
        else
            while (i < text.length && !',}] \t\n\r'.includes(text[i]))
                i++;
    };
    value('');
    const position = (offset) => {
        const before = text.slice(0, offset).split('\n');
        return { line: before.length, column: before[before.length - 1].length + 1 };
    };
    const nearest = (pointer) => {
        for (let p = pointer;; p = p.slice(0, p.lastIndexOf('/'))) {
            const at = values.get(p);
            if (at !== undefined)
                return at;
            if (p === '')
                return 0;
        }
    };
    return {
        value: (pointer) => position(nearest(pointer)),
        key: (pointer) => position(keys.get(pointer) ?? nearest(pointer)),
    };
}
//# sourceMappingURL=locate.js.map