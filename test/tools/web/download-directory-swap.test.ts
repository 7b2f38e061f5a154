// Review: the target directory swapped for a symbolic link while the body streams (a background process in
// the workspace can do that) must not make download_url write outside the roots, nor leave a partial file.
import { existsSync, mkdirSync, readdirSync, renameSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { text } from '../../support/results.js';
import { tempDir } from '../../support/temp.js';
import { serve, webRuntime } from './helpers.js';

describe('download_url against a directory swapped mid-download', () => {
  it('writes nothing outside the roots and leaves no partial file', async () => {
    const outside = tempDir('handrail-outside-');
    let swap: (() => void) | undefined;
    const server = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      res.write(Buffer.alloc(64 * 1024, 1), () => {
        swap?.();
        setTimeout(() => res.end(Buffer.alloc(1024, 2)), 50);
      });
    });
    const w = webRuntime({ network: { allowAddresses: [`127.0.0.1:${server.port}`] } });
    const dir = path.join(w.workspace, 'dl');
    mkdirSync(dir);
    swap = () => {
      renameSync(dir, path.join(w.workspace, 'dl-moved'));
      symlinkSync(outside, dir);
    };
    const result = await w.call('download_url', { url: server.url('/x.bin'), path: 'dl/x.bin' });
    expect(result.isError, text(result)).toBe(true);
    expect(readdirSync(outside)).toEqual([]);
    expect(readdirSync(path.join(w.workspace, 'dl-moved'))).toEqual([]);
    expect(existsSync(path.join(outside, 'x.bin'))).toBe(false);
  });
});
