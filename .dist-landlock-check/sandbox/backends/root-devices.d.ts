/** The devices bwrap's --dev provides. */
export declare const DEVICE_NAMES: readonly string[];
/**
 * A directory holding private copies of DEVICE_NAMES, owned by uid 65534, mode 0666; made once per process
 * (as root, with mknod) in the first temporary directory whose file system allows device nodes.
 */
export declare function privateDevices(): {
    dir: string;
} | {
    reason: string;
};
