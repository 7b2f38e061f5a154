import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../../support/temp.js';
import { onCleanup, testClient } from './helpers.js';

const PUBLIC = '93.184.216.34';

/** A self-signed certificate for site.test (openssl is part of the test environment). */
function certificate() {
  const dir = tempDir('handrail-tls-');
  const key = path.join(dir, 'key.pem');
  const cert = path.join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      key,
      '-out',
      cert,
      '-days',
      '1',
      '-subj',
      '/CN=site.test',
      '-addext',
      'subjectAltName=DNS:site.test',
    ],
    { stdio: 'ignore' },
  );
  return { key: readFileSync(key), cert: readFileSync(cert) };
}

describe('https through the pinned connector', () => {
  it('sends SNI for the host name while dialing the checked address, and verifies the certificate', async () => {
    const names: string[] = [];
    const server = https.createServer(
      {
        ...certificate(),
        SNICallback: (name, callback) => {
          names.push(name);
          callback(null, undefined);
        },
      },
      (_req, res) => res.end('tls ok'),
    );
    server.on('tlsClientError', () => undefined);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    onCleanup(() => new Promise<void>((resolve) => server.close(() => resolve())));
    const port = (server.address() as AddressInfo).port;
    const { client, dial } = testClient({}, { 'site.test': [PUBLIC] }, { [PUBLIC]: port });
    const error = await client.fetch(`https://site.test:${port}/`).then(
      () => undefined,
      (e: Error) => e,
    );
    // The certificate is self-signed, so verification against site.test must fail: it was not skipped.
    expect(error?.message).toMatch(/^TLS failed: .*self[- ]signed/i);
    expect(dial.attempts).toEqual([
      { hostname: 'site.test', address: PUBLIC, family: 4, port, protocol: 'https:' },
    ]);
    expect(dial.opened).toEqual(['127.0.0.1']);
    expect(names).toEqual(['site.test']);
  });
});
