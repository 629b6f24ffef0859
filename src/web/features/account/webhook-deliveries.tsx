import { useQuery } from '@tanstack/react-query';
import type { WebhookDeliveryDto } from '../../../core/api/webhooks';
import { deliveriesKey } from './webhooks-api';

const STATUS_TEXT: Record<WebhookDeliveryDto['status'], string> = {
  pending: 'Sending',
  retrying: 'Failed, will retry',
  delivered: 'Delivered',
  failed: 'Failed',
};

const STATUS_CLASS: Record<WebhookDeliveryDto['status'], string> = {
  pending: 'text-slate-600',
  retrying: 'text-amber-700',
  delivered: 'text-green-700',
  failed: 'text-red-700',
};

const timeOf = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '—');

/** An endpoint's latest deliveries, refreshed while shown. */
export function WebhookDeliveries({ endpointId, label }: { endpointId: string; label: string }) {
  const deliveries = useQuery<WebhookDeliveryDto[]>({
    queryKey: deliveriesKey(endpointId),
    refetchInterval: 2000,
    staleTime: 0,
  });
  if (deliveries.isPending) return <p className="text-sm text-slate-500">Loading deliveries…</p>;
  if (deliveries.isError)
    return <p className="text-sm text-red-600">The deliveries could not be loaded.</p>;
  if (deliveries.data.length === 0)
    return <p className="text-sm text-slate-500">Nothing sent yet.</p>;
  return (
    <ul aria-label={`Deliveries to ${label}`} className="divide-y divide-slate-100 text-sm">
      {deliveries.data.map((delivery) => (
        <li key={delivery.id} className="flex flex-col gap-0.5 py-2 sm:flex-row sm:gap-3">
          <span className="font-mono text-xs text-slate-700 sm:w-48">{delivery.event}</span>
          <span className={`font-medium ${STATUS_CLASS[delivery.status]}`}>
            {STATUS_TEXT[delivery.status]}
          </span>
          <span className="text-slate-600">
            {delivery.responseStatus === null ? 'no answer' : `answer ${delivery.responseStatus}`}
          </span>
          <span className="text-slate-500">
            {timeOf(delivery.lastAttemptAt ?? delivery.createdAt)}
          </span>
          {delivery.error && delivery.status !== 'delivered' && (
            <span className="break-words text-slate-500">{delivery.error}</span>
          )}
        </li>
      ))}
    </ul>
  );
}
