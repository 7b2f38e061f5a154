import { isDangerous } from './rules/decide.js';
export function applyToolApproval(fixed, tool, requirement, intent) {
    if (requirement === 'always' && fixed.behavior === 'allow') {
        return {
            ...fixed,
            behavior: 'ask',
            rule: `tool:${tool.name}:approval=always`,
            reason: `${tool.name} always asks before it runs`,
        };
    }
    const dangerous = isDangerous(intent);
    if (requirement === 'never' &&
        fixed.behavior === 'ask' &&
        fixed.layer === 'mode' &&
        tool.source !== 'dynamic' &&
        !dangerous) {
        return {
            ...fixed,
            behavior: 'allow',
            rule: `tool:${tool.name}:approval=never`,
            reason: `${tool.name} needs no approval`,
        };
    }
    return fixed;
}
/**
 * The requirement for this call; a function that throws or answers nonsense means 'always' (fail closed).
 * Ask it once per call: a function may answer differently each time.
 */
export function toolRequirement(tool, args) {
    const given = tool.approval;
    if (given === undefined)
        return 'unless_auto_approved';
    let value = given;
    if (typeof given === 'function') {
        try {
            value = given(args);
        }
        catch {
            return 'always';
        }
    }
    return value === 'never' || value === 'unless_auto_approved' || value === 'always' ? value : 'always';
}
//# sourceMappingURL=tool-approval.js.map