import { promises as dns } from 'node:dns';
/** The system resolver: every A and AAAA answer, in the order the system gives them. */
export const systemResolver = async (hostname) => {
    const answers = await dns.lookup(hostname, { all: true, verbatim: true });
    return answers.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
};
/** RFC 6761: `localhost` and `*.localhost` are loopback whatever a resolver says. */
export function specialName(hostname) {
    if (hostname === 'localhost' || hostname.endsWith('.localhost')) {
        return [
            { address: '127.0.0.1', family: 4 },
            { address: '::1', family: 6 },
        ];
    }
    return undefined;
}
//# sourceMappingURL=resolver.js.map