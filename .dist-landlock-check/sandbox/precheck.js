import { hostPort } from './network/policy.js';
import { NetworkRefusal } from './network/types.js';
import { parseTarget } from './network/url-check.js';
import { commandSizeProblem } from './process/shell.js';
const OK = { ok: true };
export async function precheckIntent(intent, policies) {
    const scope = intent.scope;
    const paths = Array.isArray(scope.paths) ? scope.paths.filter((p) => typeof p === 'string') : [];
    switch (intent.action) {
        case 'file_read':
            return checkPaths(paths, 'read', policies.files);
        case 'file_write':
            return checkPaths(paths, 'write', policies.files);
        case 'network': {
            // A download also writes where it saves.
            const saved = await checkPaths(paths, 'write', policies.files);
            if (!saved.ok || typeof scope.url !== 'string' || !policies.network)
                return saved;
            // web_search goes to the endpoint the operator configured, which its own client exempts from the
            // model-facing allowlist (search/http.ts); the query is what is asked about, not the host.
            if (scope.operation === 'web_search')
                return saved;
            return checkUrl(scope.url, policies.network, []);
        }
        case 'shell_command': {
            // A line the kernel would refuse to start is refused before anyone is asked to approve it.
            const tooBig = typeof scope.command === 'string' ? commandSizeProblem(scope.command) : undefined;
            if (tooBig)
                return { ok: false, reason: tooBig, errorClass: 'invalid_arguments' };
            if (typeof scope.workdir !== 'string')
                return OK;
            const check = await policies.files.checkRead(scope.workdir, { kind: 'directory' });
            // A missing directory is the tool's to report (not_found); only a policy refusal stops the ask.
            return check.ok ? OK : { ok: false, reason: check.message, errorClass: 'sandbox_violation' };
        }
        default:
            return OK;
    }
}
async function checkPaths(paths, access, files) {
    for (const p of paths) {
        const check = access === 'read'
            ? await files.checkRead(p, { kind: 'any' })
            : await files.checkWrite(p, { kind: 'any' });
        if (!check.ok)
            return { ok: false, reason: check.message, errorClass: 'sandbox_violation' };
    }
    return OK;
}
async function checkUrl(url, network, approved) {
    try {
        // The whole check, DNS included: a name that resolves to a private address is refused now, not after
        // a human approved it. The tool checks again (and pins the address) when it connects.
        await network.check(url, { approved });
        return OK;
    }
    catch (error) {
        if (!(error instanceof NetworkRefusal))
            throw error;
        if (error.reason === 'not_allowed') {
            // Only the allowlist may be widened, and only for this host and port: the rest of the check still runs
            // (deny list, addresses), so lifting it cannot open a private address.
            const target = parseTarget(url);
            const withApproval = await checkUrl(url, network, [...approved, hostPort(target)]);
            if (!withApproval.ok)
                return withApproval;
            return {
                ok: false,
                reason: error.message,
                errorClass: 'network_error',
                lift: {
                    widens: `allow GET to ${hostPort(target)} (outside network.allow)`,
                    exception: { kind: 'network', host: target.host, port: target.port, method: 'GET' },
                },
            };
        }
        return { ok: false, reason: error.message, errorClass: 'network_error' };
    }
}
//# sourceMappingURL=precheck.js.map