// Unicode look-alikes models write as ASCII (or the other way round): typographic quotes, dashes and
// spaces. Each maps one UTF-16 unit to one, so offsets in normalized text are offsets in the original.
const SINGLE_QUOTES = /[\u2018\u2019\u201A\u201B]/g;
const DOUBLE_QUOTES = /[\u201C\u201D\u201E\u201F]/g;
const DASHES = /[\u2010\u2011\u2012\u2013\u2014\u2015\u2212\uFE58\uFE63\uFF0D]/g;
const SPACES = /[\u00A0\u1680\u2000-\u200A\u202F\u205F\u3000]/g;
const ANY = /[\u2018-\u201F\u2010-\u2015\u2212\uFE58\uFE63\uFF0D\u00A0\u1680\u2000-\u200A\u202F\u205F\u3000]/;
/** Whether a string has any character `normalizeUnicode` changes. */
export function hasLookAlikes(value) {
    return ANY.test(value);
}
/** Quotes, dashes and spaces to ASCII, one unit for one unit (the length never changes). */
export function normalizeUnicode(value) {
    if (!ANY.test(value))
        return value;
    return value
        .replace(SINGLE_QUOTES, "'")
        .replace(DOUBLE_QUOTES, '"')
        .replace(DASHES, '-')
        .replace(SPACES, ' ');
}
//# sourceMappingURL=normalize.js.map