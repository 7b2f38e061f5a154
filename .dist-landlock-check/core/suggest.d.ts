/**
 * Names close to a misspelled one, best first: same name in another case or separator style, a name that
 * contains it or is contained by it, then small edit distances.
 */
export declare function suggestNames(wanted: string, candidates: Iterable<string>, max?: number): string[];
