import { defineTool, fileCapabilities, ToolError } from '../../core/index.js';
import { streamToFile } from '../../sandbox/index.js';
import { BUILTIN_TOOL_FACETS } from '../../types/index.js';
import { intentPaths, mustWrite } from '../shared/file-checks.js';
import { approvedHosts, networkCapabilityProvider, networkEnabled, } from './capability.js';
import { parseContentType } from './content.js';
import { webError } from './errors.js';
import { networkIntent } from './intent.js';
import { renameKeys } from './prepare.js';
import { formatBytes } from './web-fetch.js';
const DESCRIPTION = [
    'Download a URL (http/https, GET) to a file, streamed to disk: the path must be writable under the',
    'file policy (checked before the request). The file appears only when complete; it replaces an existing',
    'file at that path. Returns the size and sha256. Private, loopback and cloud-metadata addresses are refused.',
].join(' ');
const inputSchema = {
    type: 'object',
    properties: {
        url: { type: 'string', description: 'The absolute http(s) URL to download.' },
        path: {
            type: 'string',
            description: 'The file to write, relative to the current directory or absolute.',
        },
    },
    required: ['url', 'path'],
    additionalProperties: false,
};
/** `network`: the client and settings to download with (webTools() passes one provider to all web tools). */
export function downloadUrlTool(network = networkCapabilityProvider) {
    return defineTool({
        name: 'download_url',
        facets: BUILTIN_TOOL_FACETS.download_url,
        description: DESCRIPTION,
        inputSchema,
        source: 'builtin',
        annotations: {
            title: 'Download URL',
            readOnlyHint: false,
            destructiveHint: true,
            openWorldHint: true,
            idempotentHint: true,
        },
        capabilities: [network, ...fileCapabilities],
        available: networkEnabled,
        prepareArguments: (input) => renameKeys(input, {
            url: ['uri', 'link', 'href'],
            path: ['file_path', 'filePath', 'file', 'destination', 'output'],
        }) ?? input,
        classify: (args, { cwd }) => networkIntent('download_url', args.url, (url) => `Download ${url} to ${String(args.path)}`, {
            paths: intentPaths(cwd, [String(args.path)]),
        }),
        async execute(args, ctx) {
            const caps = ctx.capabilities;
            const web = caps.network;
            const requested = String(args.path);
            if (/[/\\]$/.test(requested)) {
                throw new ToolError('invalid_arguments', `${requested} ends with a slash, so it names a directory; give the file's full path.`);
            }
            // The file policy decides before any byte goes over the network.
            const first = await mustWrite(caps.files, requested);
            try {
                web.client.policy.checkUrl(String(args.url), undefined, approvedHosts(ctx));
            }
            catch (error) {
                throw webError(error);
            }
            return caps.fileLocks.withLock(first.path, async () => {
                const check = await mustWrite(caps.files, requested);
                if (check.path !== first.path) {
                    throw new ToolError('conflict', `${first.display} now resolves to ${check.display}; a link on the way changed.`);
                }
                let response;
                try {
                    response = await web.client.open(String(args.url), {
                        overflow: 'error',
                        signal: ctx.signal,
                        approved: approvedHosts(ctx),
                    });
                }
                catch (error) {
                    throw webError(error);
                }
                if (response.status < 200 || response.status >= 300) {
                    response.close();
                    throw new ToolError(response.status === 404 || response.status === 410 ? 'not_found' : 'network_error', `HTTP ${response.status} from ${response.url}; nothing was written to ${check.display}.`);
                }
                let saved;
                try {
                    saved = await streamToFile(check, response.body);
                }
                catch (error) {
                    const mapped = webError(error);
                    if (mapped instanceof ToolError) {
                        throw new ToolError(mapped.errorClass, `${mapped.message} Nothing was written to ${check.display}.`, mapped.hint ? { hint: mapped.hint } : {});
                    }
                    throw mapped;
                }
                finally {
                    response.close();
                }
                caps.fileVersions.record(check.path, saved.stat);
                const type = parseContentType(response.headers['content-type']).type || 'unknown type';
                const via = response.redirects.length > 0
                    ? ` (via ${response.redirects.length} redirect${response.redirects.length === 1 ? '' : 's'} to ${response.url})`
                    : '';
                return {
                    content: `${saved.created ? 'Downloaded' : 'Downloaded and replaced'} ${check.display} from ${String(args.url)}${via}: ${formatBytes(saved.bytes)} (${saved.bytes} bytes, ${type}), sha256 ${saved.sha256}.`,
                    details: {
                        path: check.path,
                        url: response.url,
                        bytes: saved.bytes,
                        sha256: saved.sha256,
                        contentType: type,
                        created: saved.created,
                        redirects: response.redirects,
                    },
                };
            });
        },
    });
}
//# sourceMappingURL=download-url.js.map