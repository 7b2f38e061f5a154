export interface SettingContext {
    workspace: string;
    home: string;
}
export interface Setting {
    /** Dotted, as in `handrail config`: `network.allow`. */
    key: string;
    /** `value`: the strongest layer that sets it wins. `list`: every layer's entries count (deny lists grow). */
    merge: 'value' | 'list';
    default(ctx: SettingContext): unknown;
    /** Paths made absolute: relative to the workspace, `~/` to the home directory. */
    resolve?(value: unknown, ctx: SettingContext): unknown;
    /**
     * For an untrusted project: why this value (for a list, this entry) would widen what the agent may do,
     * compared with the value of the layers below; undefined when it only tightens.
     */
    widens(proposed: unknown, current: unknown, ctx: SettingContext): string | undefined;
}
export declare function resolvePath(value: string, ctx: SettingContext): string;
export declare const SETTINGS: readonly Setting[];
export declare const SETTING_KEYS: readonly string[];
/** The value a configuration object holds for a dotted key (undefined when unset). */
export declare function valueAt(config: unknown, key: string): unknown;
/** Rebuild the nested configuration from dotted keys. */
export declare function nest(values: ReadonlyMap<string, unknown>): Record<string, unknown>;
export declare function defaultHome(env: Record<string, string | undefined>): string;
