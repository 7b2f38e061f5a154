// `${VAR}` and `${VAR:-default}` in configuration values, from the environment handrail runs in: credentials
// for MCP servers stay in the user's environment, never in a file a repository carries nor in a call's
// arguments. As in a shell, the default counts when the variable is unset or empty. Nothing else is special:
// `$VAR` without braces, and `${...}` that is not a variable name, stay as written.

const REFERENCE = /\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}/g;

export interface Expanded {
  value: string;
  /** Variables referenced without a default that are not set. */
  missing: string[];
}

export function expandVariables(text: string, env: Record<string, string | undefined>): Expanded {
  const missing: string[] = [];
  const value = text.replace(REFERENCE, (_whole, name: string, fallback: string | undefined) => {
    const set = env[name];
    if (fallback !== undefined) return set === undefined || set === '' ? fallback : set;
    if (set === undefined) {
      missing.push(name);
      return '';
    }
    return set;
  });
  return { value, missing };
}
