export const GATEWAY_OPTIONS = Symbol.for('mc.gateway.options');

export interface GatewayOptions {
  /** Base of problem `type` links; when unset, the request's own origin. */
  publicBaseUrl?: string;
  /**
   * Keep static and alias answers in the response cache too (cluster mode, where each costs a
   * network hop); in embedded mode the services already hold them in this process.
   */
  cacheFiles?: boolean;
  /**
   * Ask each service its dataset version this often (cluster mode), so that answers kept for
   * an older version stop being served soon after the ETL flips to a new one.
   */
  versionPollMs?: number;
  /** Serve /metrics on the API port too (false when METRICS_PORT gives it a port of its own). */
  publicMetrics?: boolean;
}
