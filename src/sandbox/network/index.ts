// The network part of the execution security snapshot: policy, SSRF guard, pinned dispatcher, client, and
// the proxy (with its in-sandbox bridge) through which commands reach the network when that is on.
export {
  type AddressCategory,
  type AddressInfo,
  type AddressRule,
  classifyAddress,
  isIpLiteral,
  parseAddressRule,
  ruleAllows,
} from './address.js';
export {
  BRIDGE_SCRIPT,
  bridgeLauncher,
  type CommandProxyEndpoint,
  PROXY_PORT,
  proxyEnv,
} from './bridge.js';
export { NetworkClient, type OpenResponse, type Redirect, type RequestOptions } from './client.js';
export {
  NETWORK_DEFAULTS,
  NetworkConfigError,
  type NetworkSettings,
  resolveNetworkConfig,
} from './config.js';
export { openSocket, pinnedAgent } from './dispatcher.js';
export { type HostPattern, matchHost, normalizeHostname, parseHostPattern } from './host-pattern.js';
export { type CheckedTarget, hostPort, NetworkPolicy, type PolicyOptions } from './policy.js';
export {
  CommandProxy,
  type CommandProxyOptions,
  PROXY_DEFAULTS,
  type ProxyListener,
  type ProxyOmittedRecord,
  type ProxyRecord,
  type ProxyRequestRecord,
} from './proxy.js';
export { specialName, systemResolver } from './resolver.js';
export * from './types.js';
export { displayUrl, parseTarget, type Target } from './url-check.js';
