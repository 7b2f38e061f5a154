import { privateDevices } from './root-devices.js';
import { masksOutsideRoots, procRootOnlyFiles, rootOnlyEntries } from './system-view.js';
/** `visible`: the host paths the sandbox shows outside the roots (system and extra read-only paths). */
export async function mappedRootView(visible, roots) {
    const lost = [];
    const scan = await rootOnlyEntries(visible);
    if (!scan.complete) {
        lost.push(`The search for files only root may read in ${visible.join(', ')} did not finish, so some of them may be readable.`);
    }
    const masks = [...(await masksOutsideRoots(scan.masks, roots)), ...procRootOnlyFiles()];
    const devices = privateDevices();
    if ('reason' in devices) {
        lost.push(`The device nodes in /dev are the host's own, so a command could change their permissions: private copies could not be made (${devices.reason}).`);
        return { masks, lost };
    }
    return { masks, devices: devices.dir, lost };
}
//# sourceMappingURL=mapped-root.js.map