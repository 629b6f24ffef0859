import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { CURRENT_USER_KEY } from '../auth/use-auth';
import { handlePaymentReturn } from './handle-payment-return';
import { currentPageUrl } from './payment-intents';

export type PaymentReturnState = 'none' | 'checking' | 'succeeded' | 'pending';

const RETURN_PARAMETER = 'payment_intent_client_secret';
const REDIRECT_AFTER_PAYMENT_MS = 2_000;

/** 'none' when this visit is not a return from the payment provider (or it asks for a new try). */
export function usePaymentReturn(): PaymentReturnState {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const [clientSecret] = useState(() =>
    new URLSearchParams(window.location.search).get(RETURN_PARAMETER),
  );
  const [state, setState] = useState<PaymentReturnState>(clientSecret ? 'checking' : 'none');
  const started = useRef(false);
  const redirect = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    if (!clientSecret || started.current) return;
    started.current = true;
    const refreshUser = () => queryClient.refetchQueries({ queryKey: CURRENT_USER_KEY });
    void handlePaymentReturn(clientSecret, refreshUser).then((outcome) => {
      if (outcome === 'retry') {
        // Drop the provider's parameters so a reload does not replay this return.
        window.history.replaceState(window.history.state, '', currentPageUrl());
        setState('none');
      } else {
        setState(outcome);
      }
      if (outcome === 'succeeded')
        redirect.current = setTimeout(() => navigate('/'), REDIRECT_AFTER_PAYMENT_MS);
    });
  }, [clientSecret, queryClient, navigate]);

  useEffect(() => () => clearTimeout(redirect.current), []);
  return state;
}
