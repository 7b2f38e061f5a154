// Starting a stdio server the way a command runs: inside the OS sandbox the runtime's `sandbox` option
// selects, with the environment allowlist plus the server's own `env`, in the workspace (or its `cwd` inside
// it), its program files readable, the runtime's file policy and process profile, and the network only through
// handrail's proxy when `network.commands` is on. One per extension: the backend is chosen once.
import path from 'node:path';
import type { ExtensionHost } from '../../core/index.js';
import {
  buildProcessSpawnPlan,
  CommandProxy,
  type CommandProxyOpener,
  createFileAccess,
  type FileRoot,
  type NetworkConfig,
  NetworkPolicy,
  type ProcessProfile,
  type ProcessSpawnContext,
  programReadPaths,
  type RunAs,
  resolveNetworkConfig,
  type SandboxBackend,
  type SandboxChoice,
  sandboxPath,
  selectBackend,
  spawnPlanned,
} from '../../sandbox/index.js';
import type { LaunchProcess } from './stdio-transport.js';
import type { McpStdioServerConfig } from './types.js';

/** The runtime options a server's process is shaped by (the same keys the shell reads). */
interface ProcessOptions {
  sandbox?: SandboxChoice;
  runAs?: RunAs;
  process?: Partial<ProcessProfile>;
  network?: NetworkConfig;
  roots?: FileRoot[];
  denyRead?: string[];
  protectedPaths?: string[];
}

/** How long a stopped server gets between SIGTERM and SIGKILL. */
const KILL_GRACE_MS = 1000;

export class ServerProcesses {
  private readonly options: ProcessOptions;
  private backend: Promise<SandboxBackend> | undefined;
  private proxy: CommandProxy | undefined;
  private readonly roots: FileRoot[];

  constructor(private readonly host: ExtensionHost) {
    this.options = host.options as ProcessOptions;
    const roots = this.options.roots ?? [{ path: host.workspace, access: 'write' }];
    // Under read_only a server, like any command, writes nothing.
    this.roots = host.readOnly ? roots.map((root) => ({ ...root, access: 'read' })) : roots;
  }

  /** Starts `config`'s server; throws with the reason when it cannot be planned or started. */
  launcher(name: string, config: McpStdioServerConfig): LaunchProcess {
    return async (output) => {
      const context = await this.context(name, config);
      const argv = [config.command, ...(config.args ?? [])];
      const result = await buildProcessSpawnPlan(
        {
          argv,
          lifetime: 'service',
          stdin: 'pipe',
          ...(config.cwd !== undefined ? { workdir: path.resolve(this.host.workspace, config.cwd) } : {}),
        },
        context,
      );
      if (!result.ok) throw new Error(`MCP server ${name} cannot be started: ${result.message}`);
      const process = spawnPlanned(result.plan, { ...output, graceMs: KILL_GRACE_MS });
      return { process, sandbox: result.plan.sandbox };
    };
  }

  /** Stop the network proxy (the servers themselves are stopped by their connections). */
  async close(): Promise<void> {
    await this.proxy?.close();
  }

  private async context(name: string, config: McpStdioServerConfig): Promise<ProcessSpawnContext> {
    this.backend ??= selectBackend(
      this.options.sandbox ?? 'auto',
      this.options.runAs !== undefined ? { runAs: this.options.runAs } : {},
    );
    const backend = await this.backend;
    const files = createFileAccess({
      roots: this.roots,
      cwd: this.host.workspace,
      stateDir: this.host.stateDir,
      ...(this.options.denyRead ? { denyRead: this.options.denyRead } : {}),
      ...(this.options.protectedPaths ? { protectedPaths: this.options.protectedPaths } : {}),
      ...(this.host.protectedFiles ? { protectedFiles: [...this.host.protectedFiles] } : {}),
    });
    const network = this.options.process?.network === true && !this.host.readOnly;
    const profile: ProcessProfile = {
      network,
      ...(this.options.process?.rlimits ? { rlimits: this.options.process.rlimits } : {}),
      // The server's own variables (trusted configuration), and nothing else beyond the allowlist.
      ...(config.env ? { extraEnv: { ...config.env } } : {}),
    };
    const cwd = path.resolve(this.host.workspace, config.cwd ?? '.');
    // As for commands: no PATH entry inside any root (a workspace file must not shadow the server's program).
    const searchPath =
      config.env?.PATH ??
      sandboxPath(
        process.env.PATH,
        this.roots.map((root) => root.path),
      );
    const program = await programReadPaths([config.command, ...(config.args ?? [])], {
      cwd,
      path: searchPath,
    });
    const proxy = network || this.host.readOnly ? undefined : this.proxyOpener(name);
    return {
      files,
      backend,
      profile,
      readPaths: program.paths,
      filePolicy: {
        stateDir: this.host.stateDir,
        ...(this.options.denyRead ? { denyRead: this.options.denyRead } : {}),
        ...(this.options.protectedPaths ? { protectedPaths: this.options.protectedPaths } : {}),
        ...(this.host.protectedFiles ? { protectedFiles: [...this.host.protectedFiles] } : {}),
      },
      ...(proxy ? { proxy } : {}),
    };
  }

  /** The entrance to handrail's proxy for one server, when `network.commands` is on; its requests are events. */
  private proxyOpener(name: string): CommandProxyOpener | undefined {
    if (this.options.network?.commands !== true) return undefined;
    this.proxy ??= new CommandProxy(new NetworkPolicy(resolveNetworkConfig(this.options.network)));
    const proxy = this.proxy;
    return async (socket) =>
      proxy.listen(socket, (record) => {
        const { kind: _kind, ...payload } = record;
        this.host.emit('sandbox/network/request', { threadId: 'mcp', turnId: name }, payload);
      });
  }
}
