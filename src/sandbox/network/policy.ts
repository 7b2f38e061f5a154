// The network policy: mode, allow/deny by host label, then DNS resolved once and every answer checked.
// What it returns is the only address the dispatcher will connect to.
import { type AddressInfo, CATEGORY_WORDS, classifyAddress, ruleAllows } from './address.js';
import type { NetworkSettings } from './config.js';
import { matchHost } from './host-pattern.js';
import { specialName } from './resolver.js';
import { NetworkRefusal, type ResolvedAddress } from './types.js';
import { parseTarget, type Target } from './url-check.js';

/** A target whose host passed the policy, with the addresses it resolved to and the one to connect to. */
export interface CheckedTarget extends Target {
  addresses: AddressInfo[];
  pinned: ResolvedAddress;
}

export interface PolicyOptions {
  /**
   * A host the operator configured (a search endpoint): exempt from mode and allow/deny, and its own
   * answers may be private. Format `host:port`, as Target gives them.
   */
  trustedHost?: string;
}

export class NetworkPolicy {
  readonly settings: NetworkSettings;
  private readonly trustedHost: string | undefined;

  constructor(settings: NetworkSettings, options: PolicyOptions = {}) {
    this.settings = settings;
    this.trustedHost = options.trustedHost;
  }

  /**
   * The syntactic and host-name part of the check (no I/O). Throws NetworkRefusal. `approved` lists
   * `host:port` pairs a human let this call reach although restricted mode's allowlist does not name them;
   * the deny list and the address checks still apply to them.
   */
  checkUrl(raw: string, base?: URL, approved: readonly string[] = []): Target {
    const target = parseTarget(raw, base);
    if (this.isTrusted(target)) return target;
    const { mode, allow, deny } = this.settings;
    if (mode === 'disabled') {
      throw new NetworkRefusal(
        'disabled',
        target.href,
        "Refused: network access is disabled (network.mode is 'disabled').",
      );
    }
    const denied = deny.find((p) => matchHost(p, target.host, target.port));
    if (denied) {
      throw new NetworkRefusal(
        'denied',
        target.href,
        `Refused: ${target.host} is on the network deny list (network.deny ${JSON.stringify(denied.source)}).`,
      );
    }
    if (
      mode === 'restricted' &&
      !allow.some((p) => matchHost(p, target.host, target.port)) &&
      !approved.includes(hostPort(target))
    ) {
      const shown = allow.slice(0, 12).map((p) => p.source);
      const listed =
        shown.length === 0
          ? 'the allowlist is empty'
          : `allowed: ${shown.join(', ')}${allow.length > shown.length ? ', …' : ''}`;
      throw new NetworkRefusal(
        'not_allowed',
        target.href,
        `Refused: ${hostPort(target)} is not on the network allowlist (network.mode is 'restricted'; ${listed}).`,
      );
    }
    return target;
  }

  /** The whole check: URL, host, then every resolved address. */
  async check(
    raw: string,
    opts: { base?: URL; signal?: AbortSignal; approved?: readonly string[] } = {},
  ): Promise<CheckedTarget> {
    const target = this.checkUrl(raw, opts.base, opts.approved);
    return this.resolve(target, opts.signal);
  }

  /** Resolve once and refuse when any answer is not public (unless allowAddresses opens it). */
  async resolve(target: Target, signal?: AbortSignal): Promise<CheckedTarget> {
    const trusted = this.isTrusted(target);
    const special = target.isIp ? undefined : specialName(target.host);
    const answers = target.isIp
      ? [{ address: target.host, family: target.host.includes(':') ? 6 : 4 } as ResolvedAddress]
      : (special ?? (await this.lookup(target, signal)));
    const addresses: AddressInfo[] = [];
    const seen = new Set<string>();
    for (const answer of answers) {
      let info: AddressInfo;
      try {
        info = classifyAddress(answer.address);
      } catch {
        throw new NetworkRefusal(
          'resolve_failed',
          target.href,
          `${target.host} resolved to "${answer.address}", which is not an IP address.`,
        );
      }
      if (seen.has(info.address)) continue;
      seen.add(info.address);
      addresses.push(info);
    }
    const refused = addresses.filter((info) => !trusted && !this.addressAllowed(info, target.port));
    // localhost names both families; reaching one of them on purpose is enough.
    const usable = special
      ? addresses.filter((a) => !refused.includes(a))
      : refused.length > 0
        ? []
        : addresses;
    const first = usable[0];
    if (!first) {
      const bad = refused[0];
      if (!bad)
        throw new NetworkRefusal(
          'resolve_failed',
          target.href,
          `${target.host} did not resolve to any address.`,
        );
      throw new NetworkRefusal('blocked_address', target.href, this.refusalMessage(target, bad));
    }
    return { ...target, addresses, pinned: { address: first.address, family: first.family } };
  }

  /** Whether the policy lets a request reach this address on this port. */
  addressAllowed(info: AddressInfo, port: number): boolean {
    if (info.category === 'public') return true;
    return this.settings.allowAddresses.some((rule) => ruleAllows(rule, info, port));
  }

  private isTrusted(target: Target): boolean {
    return this.trustedHost !== undefined && this.trustedHost === hostPort(target);
  }

  private async lookup(target: Target, signal?: AbortSignal): Promise<ResolvedAddress[]> {
    signal?.throwIfAborted();
    try {
      const answers = await raceAbort(this.settings.resolver(target.host), signal);
      if (!Array.isArray(answers) || answers.length === 0) {
        throw new NetworkRefusal(
          'resolve_failed',
          target.href,
          `${target.host} did not resolve to any address.`,
        );
      }
      return answers;
    } catch (error) {
      if (error instanceof NetworkRefusal || signal?.aborted) throw error;
      const code = (error as NodeJS.ErrnoException).code;
      throw new NetworkRefusal(
        'resolve_failed',
        target.href,
        `Could not resolve ${target.host}${code ? ` (${code})` : ''}: ${(error as Error).message}`,
      );
    }
  }

  private refusalMessage(target: Target, info: AddressInfo): string {
    const what = info.embedded
      ? `${info.address} (the ${info.embedded.via} form of ${info.embedded.address}) is ${CATEGORY_WORDS[info.category]}`
      : `${info.address} is ${CATEGORY_WORDS[info.category]}`;
    const subject = target.isIp
      ? what
      : `${target.host} resolves to ${what.replace(/ is (?=[^)]*$)/, ', which is ')}`;
    const example =
      info.family === 6
        ? `[${info.embedded?.address ?? info.address}]:${target.port}`
        : `${info.address}:${target.port}`;
    const fix =
      info.category === 'cloud_metadata'
        ? 'cloud metadata endpoints are never fetched unless that exact address is listed in network.allowAddresses'
        : `allow it with network.allowAddresses (for example "${info.embedded ? `${info.embedded.address}:${target.port}` : example}") if this is intended`;
    return `Refused: ${subject}; ${fix}.`;
  }
}

function hostPort(target: Target): string {
  return `${target.host.includes(':') ? `[${target.host}]` : target.host}:${target.port}`;
}

function raceAbort<T>(promise: Promise<T>, signal?: AbortSignal): Promise<T> {
  if (!signal) return promise;
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason ?? new Error('aborted'));
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

export { hostPort };
