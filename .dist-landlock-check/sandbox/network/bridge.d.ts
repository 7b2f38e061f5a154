/** The loopback port the bridge listens on inside the sandbox (each sandbox has its own loopback). */
export declare const PROXY_PORT = 3128;
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
export declare const BRIDGE_SCRIPT = "'use strict';\nconst net = require('node:net');\nconst fs = require('node:fs');\nconst [socket, port] = process.argv.slice(1);\nfor (const signal of ['SIGINT', 'SIGQUIT', 'SIGHUP']) process.on(signal, () => {});\nconst server = net.createServer({ allowHalfOpen: true }, (client) => {\n  const proxy = net.connect({ path: socket, allowHalfOpen: true });\n  const cut = () => { client.destroy(); proxy.destroy(); };\n  client.on('error', cut);\n  proxy.on('error', cut);\n  client.pipe(proxy);\n  proxy.pipe(client);\n});\nserver.on('error', (error) => { process.stderr.write(String(error.message)); process.exit(1); });\nserver.listen(Number(port), '127.0.0.1', () => {\n  fs.writeSync(1, 'ready');\n  fs.closeSync(1);\n  fs.openSync('/dev/null', 'w');\n  fs.closeSync(2);\n  fs.openSync('/dev/null', 'w');\n});\n";
/** argv to put in front of a command inside the sandbox: `sh -c LAUNCHER … node script socket port`. */
export declare function bridgeLauncher(opts: {
    sh: string;
    node: string;
    endpoint: CommandProxyEndpoint;
}): string[];
/**
 * The variables that send programs to the proxy: both spellings (curl reads only the lower-case
 * `http_proxy`), and an empty NO_PROXY so that no host bypasses it (a bypass would fail anyway: the
 * sandbox has no other way out).
 */
export declare function proxyEnv(port: number): Record<string, string>;
