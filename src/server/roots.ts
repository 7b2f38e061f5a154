// The roots an MCP client announces (roots/list), as directories of this machine. Only file:// URIs name
// something handrail can serve; one that is not a directory here (a client on another machine, a folder
// since deleted) is left out and said so.
import { realpathSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export interface AnnouncedRoots {
  /** Canonical directories, in the client's order, without duplicates. */
  directories: string[];
  /** One line per root left out, with why. */
  skipped: string[];
}

export function announcedDirectories(roots: ReadonlyArray<{ uri: string }>): AnnouncedRoots {
  const directories: string[] = [];
  const skipped: string[] = [];
  for (const { uri } of roots) {
    let dir: string;
    try {
      dir = fileURLToPath(uri);
    } catch {
      skipped.push(`${uri}: not a file:// URI`);
      continue;
    }
    if (!statSync(dir, { throwIfNoEntry: false })?.isDirectory()) {
      skipped.push(`${uri}: not a directory on this machine`);
      continue;
    }
    const real = realpathSync(dir);
    if (!directories.includes(real)) directories.push(real);
  }
  return { directories, skipped };
}
