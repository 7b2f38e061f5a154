import { readFileSync } from 'node:fs';
let cached;
/** handrail's version, from its package.json (the same relative path from src/ and dist/). */
export function handrailVersion() {
    if (cached === undefined) {
        try {
            const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
            cached = pkg.version ?? '0.0.0';
        }
        catch {
            cached = '0.0.0';
        }
    }
    return cached;
}
//# sourceMappingURL=version.js.map