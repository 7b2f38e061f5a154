// The places inside a JSON Schema that hold further schemas, for checks that walk the whole tree.
import { escapeSegment } from './pointer.js';
const MAPS = ['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas'];
const LISTS = ['anyOf', 'oneOf', 'allOf', 'prefixItems'];
const SINGLES = [
    'additionalProperties',
    'additionalItems',
    'unevaluatedProperties',
    'unevaluatedItems',
    'contains',
    'propertyNames',
    'not',
    'if',
    'then',
    'else',
];
/** Call `visit` for every direct subschema of `node`, with its schema path (`/properties/edits`). */
export function forEachSubschema(node, path, visit) {
    for (const keyword of MAPS) {
        const map = node[keyword];
        if (map === null || typeof map !== 'object' || Array.isArray(map))
            continue;
        for (const key of Object.keys(map)) {
            visit(map[key], `${path}/${keyword}/${escapeSegment(key)}`, keyword);
        }
    }
    for (const keyword of LISTS) {
        const list = node[keyword];
        if (!Array.isArray(list))
            continue;
        for (let i = 0; i < list.length; i++)
            visit(list[i], `${path}/${keyword}/${i}`, keyword);
    }
    const items = node.items;
    if (Array.isArray(items)) {
        for (let i = 0; i < items.length; i++)
            visit(items[i], `${path}/items/${i}`, 'items');
    }
    else if (items !== undefined)
        visit(items, `${path}/items`, 'items');
    for (const keyword of SINGLES) {
        const child = node[keyword];
        if (child !== null && typeof child === 'object' && !Array.isArray(child))
            visit(child, `${path}/${keyword}`, keyword);
    }
}
/** The type names a schema node declares (`type: "x"` or `type: [...]`), or none. */
export function declaredTypes(node) {
    const type = node.type;
    if (typeof type === 'string')
        return [type];
    if (Array.isArray(type))
        return type.filter((t) => typeof t === 'string');
    return [];
}
//# sourceMappingURL=subschemas.js.map