// What the sandbox adds around a command that runs as uid 0 without capabilities (`mapped-root`): the
// root-only entries of its view hidden, private device nodes, and what could not be done, said plainly.
import type { FileRoot } from '../file-policy-types.js';
import { privateDevices } from './root-devices.js';
import type { Mask } from './scan.js';
import { masksOutsideRoots, procRootOnlyFiles, rootOnlyEntries } from './system-view.js';

export interface MappedRootView {
  masks: Mask[];
  /** Directory of private device nodes, when they could be made. */
  devices?: string;
  /** Sentences saying what protection is missing (for `degraded`). */
  lost: string[];
}

/** `visible`: the host paths the sandbox shows outside the roots (system and extra read-only paths). */
export async function mappedRootView(
  visible: readonly string[],
  roots: readonly FileRoot[],
): Promise<MappedRootView> {
  const lost: string[] = [];
  const scan = await rootOnlyEntries(visible);
  if (!scan.complete) {
    lost.push(
      `The search for files only root may read in ${visible.join(', ')} did not finish, so some of them may be readable.`,
    );
  }
  const masks = [...(await masksOutsideRoots(scan.masks, roots)), ...procRootOnlyFiles()];
  const devices = privateDevices();
  if ('reason' in devices) {
    lost.push(
      `The device nodes in /dev are the host's own, so a command could change their permissions: private copies could not be made (${devices.reason}).`,
    );
    return { masks, lost };
  }
  return { masks, devices: devices.dir, lost };
}
