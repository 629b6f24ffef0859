import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { CURRENT_USER_KEY, useAuth } from '../auth/use-auth';
import { toast } from '../toasts/toast-store';
import {
  fetchBillingConfig,
  getOrCreateSubscription,
  serverMessageOf,
  SUBSCRIPTION_STORAGE_KEY,
} from './billing-api';
import type { BillingConfigDto } from '../../../core/api/billing';
import {
  DEFAULT_SUBSCRIPTION_ERROR,
  PAYMENT_MESSAGES,
  subscriptionErrorToast,
} from './payment-messages';

export type CheckoutState =
  | { kind: 'loading' }
  | { kind: 'ready'; config: BillingConfigDto; clientSecret: string }
  | { kind: 'active' }
  | { kind: 'not-on-sale' }
  | { kind: 'error'; message: string };

const REDIRECT_WHEN_ACTIVE_MS = 3_000;

/**
 * Prepares the payment form: a Pro user is sent home; otherwise the server gets or creates the
 * subscription. One already active: the 'Already Subscribed!' panel, then home after 3 s.
 */
export function useCheckout(enabled: boolean): CheckoutState {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const [state, setState] = useState<CheckoutState>({ kind: 'loading' });
  const started = useRef(false);
  const redirect = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const alreadyPaid = user?.isPaid === true;

  useEffect(() => {
    if (!enabled || started.current) return;
    started.current = true;
    if (alreadyPaid) {
      toast(PAYMENT_MESSAGES.alreadySubscribed);
      navigate('/', { replace: true });
      return;
    }
    void (async () => {
      try {
        const config = await fetchBillingConfig();
        if (config.provider === 'none') {
          setState({ kind: 'not-on-sale' });
          return;
        }
        const checkout = await getOrCreateSubscription();
        if (checkout.isActive) {
          setState({ kind: 'active' });
          await queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY });
          toast(PAYMENT_MESSAGES.activeFound);
          redirect.current = setTimeout(() => navigate('/'), REDIRECT_WHEN_ACTIVE_MS);
          return;
        }
        if (!checkout.clientSecret) throw new Error(DEFAULT_SUBSCRIPTION_ERROR);
        window.localStorage.setItem(SUBSCRIPTION_STORAGE_KEY, checkout.subscriptionId);
        setState({ kind: 'ready', config, clientSecret: checkout.clientSecret });
      } catch (error) {
        const serverMessage = serverMessageOf(error);
        toast(subscriptionErrorToast(serverMessage));
        setState({ kind: 'error', message: serverMessage || DEFAULT_SUBSCRIPTION_ERROR });
      }
    })();
  }, [enabled, alreadyPaid, queryClient, navigate]);

  useEffect(() => () => clearTimeout(redirect.current), []);
  return state;
}
