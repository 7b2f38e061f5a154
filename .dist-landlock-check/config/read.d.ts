import { type JsonPositions } from './locate.js';
import type { HandrailConfig } from './schema-type.js';
import { type SettingContext } from './settings.js';
import type { ConfigLayer, ConfigProblem } from './types.js';
/** A layer ready to merge: its configuration, and how to place a problem in it. */
export interface ConfigLayerInput {
    layer: Exclude<ConfigLayer, 'default'>;
    file?: string;
    config: HandrailConfig;
    positions?: JsonPositions;
}
/** A problem at a JSON pointer of a layer, placed in its file when there is one. */
export declare function problemAt(input: Pick<ConfigLayerInput, 'layer' | 'file' | 'positions'>, pointer: string, message: string, onKey?: boolean, extra?: Pick<ConfigProblem, 'code' | 'hint'>): ConfigProblem;
/** Read a configuration file; undefined config when it cannot be used at all. */
export declare function readConfigFile(file: string, layer: 'user' | 'project' | 'file', ctx: SettingContext): {
    input?: ConfigLayerInput;
    problems: ConfigProblem[];
};
/** Every problem of a configuration object (from a file, flags or code), placed in `input`'s file. */
export declare function checkConfig(value: unknown, input: Pick<ConfigLayerInput, 'layer' | 'file' | 'positions'>, ctx: SettingContext): ConfigProblem[];
