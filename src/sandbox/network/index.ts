// The network part of the execution security snapshot: policy, SSRF guard, pinned dispatcher, client.
export {
  type AddressCategory,
  type AddressInfo,
  type AddressRule,
  classifyAddress,
  isIpLiteral,
  parseAddressRule,
  ruleAllows,
} from './address.js';
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
export { specialName, systemResolver } from './resolver.js';
export * from './types.js';
export { displayUrl, parseTarget, type Target } from './url-check.js';
