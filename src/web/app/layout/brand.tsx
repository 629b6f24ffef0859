import { Link } from 'wouter';
import { PRODUCT_NAME } from '../../../core/product';

export function Brand() {
  return (
    <Link href="/" className="flex items-center gap-2 text-lg font-bold text-slate-900">
      <img src="/favicon.svg" alt="" width={28} height={28} />
      {PRODUCT_NAME}
    </Link>
  );
}
