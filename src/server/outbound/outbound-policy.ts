/** Where the server may connect on a user's behalf (URL imports, webhooks). */
export interface OutboundPolicy {
  /**
   * Host names (or addresses) the operator allows although they resolve to a private address
   * (URL_IMPORT_ALLOW_HOSTS), lower case.
   */
  allowHosts: readonly string[];
}

export function isAllowedHost(policy: OutboundPolicy, hostname: string): boolean {
  const bare = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return policy.allowHosts.includes(bare);
}
