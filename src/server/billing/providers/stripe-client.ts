import Stripe from 'stripe';
import { PRODUCT_NAME } from '../../../core/product.js';

/**
 * Pinned, so a library upgrade never silently changes the shape of what Stripe sends us. Since
 * 2025-03-31 invoices carry `confirmation_secret` and periods live on subscription items.
 */
export const STRIPE_API_VERSION = '2026-10-28.endive' as const;

/** Where the Stripe API lives; tests point it at a local fake. */
export interface StripeApiAddress {
  host: string;
  port: number;
  protocol: 'http' | 'https';
}

export function createStripeClient(secretKey: string, address?: StripeApiAddress): Stripe {
  return new Stripe(secretKey, {
    apiVersion: STRIPE_API_VERSION,
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: PRODUCT_NAME },
    ...(address ?? {}),
  });
}
