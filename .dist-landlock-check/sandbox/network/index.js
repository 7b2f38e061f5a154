// The network part of the execution security snapshot: policy, SSRF guard, pinned dispatcher, client, and
// the proxy (with its in-sandbox bridge) through which commands reach the network when that is on.
export { classifyAddress, isIpLiteral, parseAddressRule, ruleAllows, } from './address.js';
export { BRIDGE_SCRIPT, bridgeLauncher, PROXY_PORT, proxyEnv, } from './bridge.js';
export { NetworkClient } from './client.js';
export { NETWORK_DEFAULTS, NetworkConfigError, resolveNetworkConfig, } from './config.js';
export { openSocket, pinnedAgent } from './dispatcher.js';
export { matchHost, normalizeHostname, parseHostPattern } from './host-pattern.js';
export { hostPort, NetworkPolicy } from './policy.js';
export { CommandProxy, PROXY_DEFAULTS, } from './proxy.js';
export { specialName, systemResolver } from './resolver.js';
export * from './types.js';
export { displayUrl, parseTarget } from './url-check.js';
//# sourceMappingURL=index.js.map