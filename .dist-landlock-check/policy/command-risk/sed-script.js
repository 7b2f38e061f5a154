// Reads a sed script far enough to find the commands that write files (`w`, `W`, `s///w`) or run shell
// commands (`e`, `s///e`). Anything it does not understand is reported, never assumed harmless.
/** Why the script is not read-only, or null when it only reads and prints. */
export function sedScriptProblem(script) {
    return new SedScanner(script).scan();
}
const UNREADABLE = 'sed script could not be read';
class SedScanner {
    s;
    i = 0;
    constructor(s) {
        this.s = s;
    }
    scan() {
        const s = this.s;
        for (;;) {
            while (this.i < s.length && /[\s;]/.test(s[this.i]))
                this.i++;
            if (this.i >= s.length)
                return null;
            if (!this.addresses())
                return UNREADABLE;
            this.blanks();
            while (s[this.i] === '!') {
                this.i++;
                this.blanks();
            }
            const cmd = s[this.i++];
            const problem = this.command(cmd);
            if (problem)
                return problem;
            if (cmd === '{')
                continue;
            this.blanks();
            const next = s[this.i];
            if (next !== undefined && !';\n}#'.includes(next))
                return UNREADABLE;
        }
    }
    command(cmd) {
        switch (cmd) {
            case '{':
            case '}':
            case '=':
            case 'd':
            case 'D':
            case 'g':
            case 'G':
            case 'h':
            case 'H':
            case 'n':
            case 'N':
            case 'p':
            case 'P':
            case 'x':
            case 'z':
            case 'F':
                return null;
            case 'l':
            case 'L':
            case 'q':
            case 'Q':
                this.blanks();
                this.digits();
                return null;
            case '#':
            case 'r':
            case 'R':
                this.toLineEnd();
                return null;
            case ':':
            case 'b':
            case 't':
            case 'T':
            case 'v':
                while (this.i < this.s.length && !';\n'.includes(this.s[this.i]))
                    this.i++;
                return null;
            case 'a':
            case 'i':
            case 'c':
                this.text();
                return null;
            case 'w':
            case 'W':
                return `sed ${cmd} command writes files`;
            case 'e':
                return 'sed e command runs shell commands';
            case 's':
                return this.substitute();
            case 'y':
                return this.delimited(2) ? null : UNREADABLE;
            default:
                return cmd === undefined ? UNREADABLE : `sed command ${cmd} is not recognised`;
        }
    }
    substitute() {
        if (!this.delimited(2))
            return UNREADABLE;
        for (;;) {
            const flag = this.s[this.i];
            if (flag !== undefined && /[gpiImM0-9]/.test(flag))
                this.i++;
            else if (flag === 'e')
                return 'sed s///e runs the result as a shell command';
            else if (flag === 'w')
                return 'sed s///w writes files';
            else
                return null;
        }
    }
    /** A delimiter then `parts` sections each ended by it (`s/a/b/`, `y/ab/xy/`). */
    delimited(parts) {
        const delim = this.s[this.i++];
        if (delim === undefined || delim === '\n' || delim === '\\')
            return false;
        for (let p = 0; p < parts; p++)
            if (!this.until(delim))
                return false;
        return true;
    }
    /** Skip to just past the next unescaped `delim` on this line. */
    until(delim) {
        const s = this.s;
        while (this.i < s.length) {
            const ch = s[this.i];
            if (ch === '\\')
                this.i += 2;
            else if (ch === delim) {
                this.i++;
                return true;
            }
            else if (ch === '\n')
                return false;
            else
                this.i++;
        }
        return false;
    }
    /** Zero, one or two addresses; false when one is malformed. */
    addresses() {
        const first = this.address();
        if (first !== true)
            return first === false;
        this.blanks();
        if (this.s[this.i] !== ',')
            return true;
        this.i++;
        this.blanks();
        if (this.s[this.i] === '+' || this.s[this.i] === '~') {
            this.i++;
            return this.digits();
        }
        return this.address() === true;
    }
    /** true: an address was read; false: there is none; null: a malformed one. */
    address() {
        const ch = this.s[this.i];
        if (ch !== undefined && /[0-9]/.test(ch)) {
            this.digits();
            if (this.s[this.i] === '~') {
                this.i++;
                this.digits();
            }
            return true;
        }
        if (ch === '$') {
            this.i++;
            return true;
        }
        if (ch === '/' || ch === '\\') {
            if (ch === '\\')
                this.i++;
            if (!this.delimited(1))
                return null;
            while (this.s[this.i] === 'I' || this.s[this.i] === 'M')
                this.i++;
            return true;
        }
        return false;
    }
    /** Text of a, i, c: to the end of the line, continued while lines end with a backslash. */
    text() {
        const s = this.s;
        while (this.i < s.length) {
            const ch = s[this.i];
            if (ch === '\\')
                this.i += 2;
            else if (ch === '\n')
                return;
            else
                this.i++;
        }
    }
    toLineEnd() {
        while (this.i < this.s.length && this.s[this.i] !== '\n')
            this.i++;
    }
    digits() {
        const start = this.i;
        while (this.i < this.s.length && /[0-9]/.test(this.s[this.i]))
            this.i++;
        return this.i > start;
    }
    blanks() {
        while (this.s[this.i] === ' ' || this.s[this.i] === '\t')
            this.i++;
    }
}
//# sourceMappingURL=sed-script.js.map