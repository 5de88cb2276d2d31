export { checkUrlAllowlist, type UrlAllowlistVerdict } from '../../config/policy/url-allowlist.ts';
export { type AddressVerdict, classifyAddress, describeVerdict } from './address-policy.ts';
export { COPILOT_ALLOW_LOCALHOST_ENV, checkCopilotUrl, isLoopbackHost } from './copilot-rules.ts';
export {
  type Connector,
  createGuardedConnector,
  defaultLookup,
  type GuardedConnectorOptions,
  type HostLookup,
  type ResolvedAddress,
  SsrfBlockedError,
} from './guarded-connector.ts';
export { effectiveAllowedEnvVars, type InterpolatedHeaders, interpolateHeaders } from './header-env.ts';
export { formatIpv4, formatIpv6, type IpLiteral, parseIpLiteral } from './ip-literal.ts';
export { type ProxyChoice, proxyForUrl } from './proxy-config.ts';
export { HTTP_MAX_BODY_BYTES } from './read-capped-body.ts';
export {
  createHttpRunner,
  type HttpRunner,
  type HttpRunnerOptions,
  runHttpHandler,
} from './run-http-handler.ts';
