import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { PricingCards, type PricingCardsProps } from './pricing-cards';

function render(props: PricingCardsProps) {
  return renderToString(
    <Router ssrPath="/">
      <PricingCards {...props} />
    </Router>,
  );
}

describe('PricingCards', () => {
  it('sends anonymous visitors to the sign-up form; "Sign up to upgrade" comes back to /upgrade', () => {
    const html = render({ isAuthenticated: false, isPaid: false });
    expect(html).toContain('<a href="/api/login?mode=sign-up" class');
    expect(html).toContain('>Sign up for free</a>');
    expect(html).toContain('<a href="/api/login?mode=sign-up&amp;returnTo=%2Fupgrade" class');
    expect(html).toContain('>Sign up to upgrade</a>');
    expect(html.match(/href="\/api\/login/g)).toHaveLength(2);
    expect(html).not.toContain('Current Plan');
  });

  it('offers a free user the upgrade page', () => {
    const html = render({ isAuthenticated: true, isPaid: false });
    expect(html).toContain('href="/upgrade"');
    expect(html).toContain('Current Plan');
    expect(html).not.toContain('/api/login');
  });

  it('marks the Pro card as current for a Pro user', () => {
    const html = render({ isAuthenticated: true, isPaid: true });
    expect(html.match(/Current Plan/g)).toHaveLength(1);
    expect(html).not.toContain('/upgrade');
    expect(html.indexOf('Current Plan')).toBeGreaterThan(html.indexOf('$9.99'));
  });
});
