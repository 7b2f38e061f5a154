import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { text } from '../../support/results.js';
import { tempDir } from '../../support/temp.js';
import { serve, webRuntime } from './helpers.js';

const DATA = Buffer.from(Array.from({ length: 300_000 }, (_, i) => (i * 7) % 256));
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

describe('download_url through the runtime', () => {
  it('streams a file into the workspace and reports size and sha256', async () => {
    const server = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      res.end(DATA);
    });
    const w = webRuntime({ network: { allowAddresses: [`127.0.0.1:${server.port}`] } });
    const result = await w.call('download_url', { url: server.url('/blob.bin'), path: 'downloads/blob.bin' });
    expect(result.isError).toBe(false);
    expect(text(result)).toBe(
      `Downloaded downloads/blob.bin from ${server.url('/blob.bin')}: 293.0 KiB (300000 bytes, application/octet-stream), sha256 ${sha(DATA)}.`,
    );
    expect(readFileSync(path.join(w.workspace, 'downloads/blob.bin')).equals(DATA)).toBe(true);
    expect(result.details).toMatchObject({ bytes: 300_000, sha256: sha(DATA), created: true });
    expect(readdirSync(path.join(w.workspace, 'downloads'))).toEqual(['blob.bin']);
  });

  it('replaces an existing file only when the download is complete', async () => {
    const server = await serve((_req, res) => res.end('new content'));
    const w = webRuntime({ network: { allowAddresses: [`127.0.0.1:${server.port}`] } });
    writeFileSync(path.join(w.workspace, 'file.txt'), 'old content');
    const result = await w.call('download_url', { url: server.url('/'), path: 'file.txt' });
    expect(text(result)).toMatch(/^Downloaded and replaced file\.txt/);
    expect(readFileSync(path.join(w.workspace, 'file.txt'), 'utf8')).toBe('new content');
  });

  it('refuses a target outside the roots before any request', async () => {
    const server = await serve((_req, res) => res.end('x'));
    const w = webRuntime({ network: { allowAddresses: [`127.0.0.1:${server.port}`] } });
    const outside = path.join(tempDir('handrail-outside-'), 'x.bin');
    const result = await w.call('download_url', { url: server.url('/x'), path: outside });
    expect(result.outcome.errorClass).toBe('sandbox_violation');
    expect(text(result)).toContain('outside');
    expect(server.hits).toEqual([]);
    expect(w.dial.attempts).toEqual([]);
    expect(existsSync(outside)).toBe(false);
  });

  it('refuses protected paths exactly like write_file', async () => {
    const server = await serve((_req, res) => res.end('[core]\n\thooksPath = /tmp/evil\n'));
    const w = webRuntime({ network: { allowAddresses: [`127.0.0.1:${server.port}`] } });
    mkdirSync(path.join(w.workspace, '.git/hooks'), { recursive: true });
    for (const target of ['.git/config', '.git/hooks/pre-commit', '.npmrc']) {
      const download = await w.call('download_url', { url: server.url('/'), path: target });
      const write = await w.call('write_file', { path: target, content: 'x' });
      expect(download.isError).toBe(true);
      expect(download.outcome.errorClass).toBe(write.outcome.errorClass);
      expect(text(download)).toBe(text(write));
    }
    expect(server.hits).toEqual([]);
  });

  it('checks the URL before the file lock, and the file before the URL', async () => {
    const w = webRuntime();
    const refused = await w.call('download_url', { url: 'http://169.254.169.254/latest', path: 'meta.json' });
    expect(refused.outcome.errorClass).toBe('sandbox_violation');
    expect(existsSync(path.join(w.workspace, 'meta.json'))).toBe(false);
    const both = await w.call('download_url', { url: 'file:///etc/passwd', path: '/etc/passwd-copy' });
    expect(text(both)).toContain('outside');
  });

  it('removes the partial file when the body is over the cap', async () => {
    const server = await serve((_req, res) => res.end(DATA));
    const w = webRuntime({ network: { allowAddresses: [`127.0.0.1:${server.port}`], maxBytes: 100_000 } });
    const result = await w.call('download_url', { url: server.url('/'), path: 'big.bin' });
    expect(result.outcome.errorClass).toBe('network_error');
    expect(text(result)).toBe(
      'The body is larger than the 100000-byte limit (counted after decompression). Nothing was written to big.bin.',
    );
    expect(readdirSync(w.workspace).filter((f) => f !== '.handrail')).toEqual([]);
  });

  it('removes the partial file when the connection drops mid-body', async () => {
    const server = await serve((_req, res) => {
      res.writeHead(200, { 'content-length': String(DATA.length) });
      res.write(DATA.subarray(0, 50_000), () => setTimeout(() => res.socket?.destroy(), 20));
    });
    const w = webRuntime({ network: { allowAddresses: [`127.0.0.1:${server.port}`] } });
    const result = await w.call('download_url', { url: server.url('/'), path: 'cut.bin' });
    expect(result.outcome.errorClass).toBe('network_error');
    expect(readdirSync(w.workspace).filter((f) => f !== '.handrail')).toEqual([]);
  });

  it('classifies as network with the URL, origin, host, method and the canonical target', async () => {
    const w = webRuntime();
    await w.call('download_url', { url: 'https://x:y@files.example.com/a.tgz', path: 'out/a.tgz' });
    expect(w.intents[0]).toMatchObject({
      action: 'network',
      summary: 'Download https://files.example.com/a.tgz to out/a.tgz',
      scope: {
        operation: 'download_url',
        url: 'https://files.example.com/a.tgz',
        origin: 'https://files.example.com',
        host: 'files.example.com',
        method: 'GET',
        paths: [path.join(w.workspace, 'out/a.tgz')],
      },
    });
  });
});
