import type { HandrailConfig } from '../config/index.js';
import type { WorkspaceOptions } from '../server/index.js';
export declare const GLOBAL_OPTIONS_HELP = "Global options (before or after the command):\n  --root DIR            the workspace (default: the current directory)\n  --config FILE         a configuration file, on top of ~/.config/handrail/config.json and\n                        <root>/.handrail/config.json (\"handrail config\" shows what is in effect)\n  --profile MODE        full_access | auto_accept_edits | supervised (default) | read_only\n  --policy FILE         a session policy file (rules on top of the project and user policies)\n  --sandbox KIND        bwrap | none | auto (default: bwrap where it works; otherwise commands are refused)\n  --run-as WHO          who commands run as when handrail is root: auto (default) | root | UID:GID\n  --network MODE        what web tools reach: enabled (default: any public host) | restricted (only\n                        --allow-host hosts) | disabled\n  --allow-host HOST     a host restricted mode may reach (example.com, *.example.com, host:8443); repeatable\n  --deny-host HOST      a host never reached, in every mode; repeatable\n  --allow-address ADDR  a loopback or private address to reach on purpose (127.0.0.1:3000); repeatable\n  --web-search WHAT     searxng=URL | brave (the key from $BRAVE_API_KEY, never on the command line) | off\n  --state-dir DIR       state, full outputs and the event store (default: <root>/.handrail)\n  --trust-project       use what <root>/.handrail/policy.json allows and what .handrail/config.json widens\n                        (by default a project, which arrives with the repository, can only tighten)\n";
/** Options that take one value (the last one given counts). */
declare const VALUES: readonly ["root", "config", "profile", "policy", "sandbox", "run-as", "network", "web-search", "state-dir"];
/** Options that take no value. */
declare const SWITCHES: readonly ["trust-project"];
type ValueName = (typeof VALUES)[number] | (typeof SWITCHES)[number];
export interface GlobalOptions {
    /** Exactly what was given, for commands that take the flags themselves (log, policy check). */
    given: Partial<Record<ValueName, string>>;
    /** The workspace, resolved against the current directory. */
    root: string;
    /** `--config FILE`, resolved against the current directory. */
    configFile?: string;
    trustProject: boolean;
    /** The flags as a configuration layer (paths absolute). */
    flags: HandrailConfig;
    /** The flags as workspace options (what `policy check` forwards). */
    workspace: WorkspaceOptions & {
        root: string;
    };
}
/** Takes the global options out of argv; the rest, in order, is returned for the command. */
export declare function extractGlobalOptions(argv: string[], cwd: string): {
    globals: GlobalOptions;
    rest: string[];
};
export {};
