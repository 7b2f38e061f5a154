// An undici dispatcher bound to one checked target: its connector refuses any other host and dials the
// checked address itself, so a second DNS answer (rebinding) can never be used. One agent per hop keeps
// the pin obvious; it is destroyed when the response is done.
import { isIP } from 'node:net';
import type { Duplex } from 'node:stream';
import type { Agent, buildConnector } from 'undici';
import type { NetworkSettings } from './config.js';
import type { CheckedTarget } from './policy.js';
import type { DialTarget } from './types.js';

type Callback = (error: Error | null, socket: Duplex | null) => void;

let loading: Promise<typeof import('undici')> | undefined;
/** undici, loaded on the first request rather than at start: most runs (and every `--help`) never fetch. */
export function undici(): Promise<typeof import('undici')> {
  loading ??= import('undici');
  return loading;
}

/** The real socket opener: TCP (or TLS with SNI and certificate checks against the host name) to the address. */
export async function openSocket(connectTimeoutMs: number) {
  const { buildConnector } = await undici();
  const base = buildConnector({ timeout: connectTimeoutMs });
  return (target: DialTarget, callback: Callback): void => {
    const name = isIP(target.hostname) ? undefined : target.hostname;
    base(
      {
        hostname: target.address,
        host: target.address,
        protocol: target.protocol,
        port: String(target.port),
        ...(name ? { servername: name } : {}),
      } as buildConnector.Options,
      callback as Parameters<buildConnector.connector>[1],
    );
  };
}

/** A single-use agent whose only reachable endpoint is `target.pinned` on `target.port`. */
export async function pinnedAgent(target: CheckedTarget, settings: NetworkSettings): Promise<Agent> {
  const { Agent } = await undici();
  const open = await openSocket(Math.min(settings.idleTimeoutMs, 10_000));
  const dial: DialTarget = {
    hostname: target.host,
    address: target.pinned.address,
    family: target.pinned.family,
    port: target.port,
    protocol: target.protocol,
  };
  const connect = (
    opts: { hostname: string; port?: string | number; protocol: string },
    callback: Callback,
  ) => {
    const host = String(opts.hostname)
      .replace(/^\[|\]$/g, '')
      .toLowerCase();
    const port = Number(opts.port || (opts.protocol === 'https:' ? 443 : 80));
    if (host !== target.host || port !== target.port || opts.protocol !== target.protocol) {
      callback(
        new Error(
          `handrail: this connection is pinned to ${target.origin}, not ${opts.protocol}//${host}:${port}`,
        ),
        null,
      );
      return;
    }
    if (settings.connector) settings.connector({ ...dial }, callback, open);
    else open(dial, callback);
  };
  return new Agent({
    connect: connect as unknown as buildConnector.connector,
    maxHeaderSize: settings.maxHeaderBytes,
    headersTimeout: settings.idleTimeoutMs,
    bodyTimeout: settings.idleTimeoutMs,
    connections: 1,
    pipelining: 1,
  });
}
