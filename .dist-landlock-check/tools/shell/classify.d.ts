import type { PermissionIntent } from '../../types/index.js';
export declare function commandIntent(operation: string, cmd: unknown, workdir: unknown, cwd: string, tty?: boolean): PermissionIntent;
