import type { ResolvedAddress, Resolver } from './types.js';
/** The system resolver: every A and AAAA answer, in the order the system gives them. */
export declare const systemResolver: Resolver;
/** RFC 6761: `localhost` and `*.localhost` are loopback whatever a resolver says. */
export declare function specialName(hostname: string): ResolvedAddress[] | undefined;
