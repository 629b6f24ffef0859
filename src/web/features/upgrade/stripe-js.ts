/** The parts of Stripe.js (https://js.stripe.com/v3) this page uses. */
export interface StripePaymentElement {
  mount(container: HTMLElement): void;
  destroy(): void;
  on(event: 'ready', handler: () => void): void;
}

export interface StripeElements {
  create(type: 'payment', options?: { layout?: 'tabs' | 'accordion' }): StripePaymentElement;
}

export interface StripeError {
  type?: string;
  message?: string;
}

export interface StripeJs {
  elements(options: {
    clientSecret: string;
    appearance?: { theme?: 'stripe' | 'night' | 'flat' };
  }): StripeElements;
  confirmPayment(options: {
    elements: StripeElements;
    confirmParams: { return_url: string };
  }): Promise<{ error?: StripeError }>;
  retrievePaymentIntent(
    clientSecret: string,
  ): Promise<{ paymentIntent?: { status: string }; error?: StripeError }>;
}

declare global {
  interface Window {
    Stripe?: (publishableKey: string) => StripeJs;
  }
}

const STRIPE_JS_URL = 'https://js.stripe.com/v3';
let loading: Promise<(publishableKey: string) => StripeJs> | undefined;
const instances = new Map<string, StripeJs>();

/** Loads Stripe.js from Stripe (as Stripe requires) the first time a Stripe page needs it. */
function loadScript(): Promise<(publishableKey: string) => StripeJs> {
  loading ??= new Promise((resolve, reject) => {
    if (window.Stripe) return resolve(window.Stripe);
    const script = document.createElement('script');
    script.src = STRIPE_JS_URL;
    script.async = true;
    script.onload = () =>
      window.Stripe ? resolve(window.Stripe) : reject(new Error('Stripe.js did not load'));
    script.onerror = () => {
      loading = undefined;
      reject(new Error('Stripe.js could not be loaded'));
    };
    document.head.appendChild(script);
  });
  return loading;
}

export async function loadStripeJs(publishableKey: string): Promise<StripeJs> {
  const existing = instances.get(publishableKey);
  if (existing) return existing;
  const stripe = (await loadScript())(publishableKey);
  instances.set(publishableKey, stripe);
  return stripe;
}
