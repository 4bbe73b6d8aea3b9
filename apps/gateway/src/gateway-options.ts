export const GATEWAY_OPTIONS = Symbol.for('mc.gateway.options');

export interface GatewayOptions {
  /** Base of problem `type` links; when unset, the request's own origin. */
  publicBaseUrl?: string;
}
