// The in-sandbox half of the command proxy. Programs want an `http://host:port` proxy, but a sandbox with its
// own network namespace can reach nothing outside, and bwrap binds files, not ports. So the proxy listens on a
// unix socket that the backend binds into the sandbox, and a small bridge inside listens on 127.0.0.1:PORT
// (the sandbox's own loopback) and relays each connection to that socket. The bridge is handrail's own node
// binary running the script below: node is the one program every handrail host has (socat, nc and python
// may be missing). It starts before the command, and the command starts only once it listens; it dies with
// the sandbox (its PID namespace) when the command ends.

/** The loopback port the bridge listens on inside the sandbox (each sandbox has its own loopback). */
export const PROXY_PORT = 3128;

/** Where a backend shows the proxy: the unix socket on the host and the port inside the sandbox. */
export interface CommandProxyEndpoint {
  /** Absolute path of the proxy's unix socket; bound into the sandbox at the same path. */
  socket: string;
  /** The loopback port inside the sandbox that the command's proxy variables name. */
  port: number;
}

/**
 * The bridge, run as `node -e BRIDGE_SCRIPT <socket> <port>`. It says `ready` on stdout once it listens,
 * then points stdout and stderr at /dev/null (closing a descriptor and opening a file reuses the lowest
 * free number), so it holds none of the command's pipes. Terminal signals are ignored: a Ctrl-C meant for
 * the command must not cut its network.
 */
export const BRIDGE_SCRIPT = `'use strict';
const net = require('node:net');
const fs = require('node:fs');
const [socket, port] = process.argv.slice(1);
for (const signal of ['SIGINT', 'SIGQUIT', 'SIGHUP']) process.on(signal, () => {});
const server = net.createServer({ allowHalfOpen: true, noDelay: true }, (client) => {
  const proxy = net.connect({ path: socket, allowHalfOpen: true });
  const cut = () => { client.destroy(); proxy.destroy(); };
  client.on('error', cut);
  proxy.on('error', cut);
  client.pipe(proxy);
  proxy.pipe(client);
});
server.on('error', (error) => { process.stderr.write(String(error.message)); process.exit(1); });
server.listen(Number(port), '127.0.0.1', () => {
  fs.writeSync(1, 'ready');
  fs.closeSync(1);
  fs.openSync('/dev/null', 'w');
  fs.closeSync(2);
  fs.openSync('/dev/null', 'w');
});
`;

/**
 * The launcher: starts the bridge in the background, waits until it listens (the command substitution
 * returns when the bridge closes its stdout, not when it exits), then execs the command, so the command is
 * the same process it would have been without the proxy. If the bridge fails, the command does not run.
 */
const LAUNCHER = [
  'ready=$("$1" -e "$2" "$3" "$4" </dev/null 2>&1 &)',
  '[ "$ready" = ready ] || { printf "handrail: the network bridge to the command proxy did not start: %s\\n" "$ready" >&2; exit 125; }',
  'shift 4',
  'exec "$@"',
].join('\n');

/** argv to put in front of a command inside the sandbox: `sh -c LAUNCHER … node script socket port`. */
export function bridgeLauncher(opts: { sh: string; node: string; endpoint: CommandProxyEndpoint }): string[] {
  return [
    opts.sh,
    '-c',
    LAUNCHER,
    'handrail-proxy-bridge',
    opts.node,
    BRIDGE_SCRIPT,
    opts.endpoint.socket,
    String(opts.endpoint.port),
  ];
}

/**
 * The variables that send programs to the proxy: both spellings (curl reads only the lower-case
 * `http_proxy`), and an empty NO_PROXY so that no host bypasses it (a bypass would fail anyway: the
 * sandbox has no other way out).
 */
export function proxyEnv(port: number): Record<string, string> {
  const url = `http://127.0.0.1:${port}`;
  return {
    HTTP_PROXY: url,
    HTTPS_PROXY: url,
    http_proxy: url,
    https_proxy: url,
    NO_PROXY: '',
    no_proxy: '',
  };
}
