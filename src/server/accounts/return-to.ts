/** Only same-origin paths: anything else (other hosts, protocol-relative, schemes) becomes "/". */
export function sanitizeReturnTo(value: unknown, baseUrl: string): string {
  if (
    typeof value !== 'string' ||
    !value.startsWith('/') ||
    value.startsWith('//') ||
    value.includes('\\')
  ) {
    return '/';
  }
  try {
    const base = new URL(baseUrl);
    const target = new URL(value, base);
    if (target.origin !== base.origin) return '/';
    return `${target.pathname}${target.search}${target.hash}`;
  } catch {
    return '/';
  }
}
