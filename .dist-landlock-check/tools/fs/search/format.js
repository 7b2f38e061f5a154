/** 1234 → "1,234", as every count the model sees is written. */
export function count(n) {
    return n.toLocaleString('en-US');
}
/** A searched directory as messages name it: "src", or "the current directory (/abs/path)". */
export function where(files, canonical) {
    const shown = files.display(canonical);
    return shown === '.' ? `the current directory (${canonical})` : shown;
}
/**
 * Cut a line to `max` characters (code points, so a surrogate pair is never split), marking the cut. Both
 * grep implementations cut through here, so a long line reads the same whichever one found it.
 */
export function cutLine(text, max) {
    if (text.length <= max)
        return text;
    let units = 0;
    let points = 0;
    while (units < text.length && points < max) {
        const code = text.charCodeAt(units);
        units += code >= 0xd800 && code <= 0xdbff && units + 1 < text.length ? 2 : 1;
        points++;
    }
    return units >= text.length ? text : `${text.slice(0, units)}… [line cut at ${count(max)} chars]`;
}
/** Compare two strings by code unit, the order every listing here uses (stable across locales). */
export function byCodeUnit(a, b) {
    return a < b ? -1 : a > b ? 1 : 0;
}
/** "1 entry", "2 entries", "1,234 entries". */
export function counted(n, singular, plural) {
    return `${count(n)} ${n === 1 ? singular : plural}`;
}
//# sourceMappingURL=format.js.map