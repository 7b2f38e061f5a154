import { distance } from 'fastest-levenshtein';
/**
 * Names close to a misspelled one, best first: same name in another case or separator style, a name that
 * contains it or is contained by it, then small edit distances.
 */
export function suggestNames(wanted, candidates, max = 3) {
    const target = squash(wanted);
    const scored = [];
    for (const name of candidates) {
        const other = squash(name);
        let score;
        if (other === target)
            score = 0;
        else if (target.length >= 3 && (other.includes(target) || target.includes(other)))
            score = 1;
        else {
            const d = distance(target, other);
            const limit = Math.max(2, Math.floor(Math.max(target.length, other.length) / 3));
            if (d > limit)
                continue;
            score = 1 + d;
        }
        scored.push({ name, score });
    }
    scored.sort((a, b) => a.score - b.score || a.name.localeCompare(b.name));
    return scored.slice(0, max).map((s) => s.name);
}
/** Lowercase, without the separators models mix up and the prefixes some providers add. */
function squash(name) {
    return name
        .toLowerCase()
        .replace(/^(functions|default_api|tools)[.:]/, '')
        .replace(/[-_.\s]/g, '');
}
//# sourceMappingURL=suggest.js.map