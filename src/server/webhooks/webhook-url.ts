import { AppError } from '../errors/app-error.js';
import { WEBHOOK_URL_MESSAGE } from '../../core/api/webhooks.js';
import { assertOutboundUrl } from '../outbound/guarded-request.js';
import { OutboundError } from '../outbound/outbound-error.js';
import { isAllowedHost, type OutboundPolicy } from '../outbound/outbound-policy.js';

export const WEBHOOK_HTTPS_MESSAGE =
  'Webhook endpoints must use https (plain http only for hosts the operator allows in URL_IMPORT_ALLOW_HOSTS).';

/** Names that are this machine by definition, refused like a loopback address written out. */
const LOCAL_NAMES = /(^|\.)localhost\.?$/i;

/**
 * An endpoint's URL as it may be saved: https (http only for allowed hosts), and no private,
 * loopback, link-local or metadata address written out. Names are resolved only at each delivery
 * (decision 0080), so one that does not resolve yet is accepted and its deliveries fail visibly.
 */
export function checkWebhookUrl(policy: OutboundPolicy, raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new AppError('bad_request', WEBHOOK_URL_MESSAGE);
  }
  const allowed = isAllowedHost(policy, url.hostname);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && allowed))
    throw new AppError('bad_request', WEBHOOK_HTTPS_MESSAGE);
  if (!allowed && LOCAL_NAMES.test(url.hostname))
    throw new AppError('bad_request', `${url.hostname} is this server itself: refused.`);
  try {
    assertOutboundUrl(policy, url);
  } catch (error) {
    if (error instanceof OutboundError) throw new AppError('bad_request', error.message);
    throw error;
  }
  return url.toString();
}
