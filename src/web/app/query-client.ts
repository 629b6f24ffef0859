import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import { getJson } from '../lib/api-client';

const defaultQueryFn: QueryFunction = async ({ queryKey }) => {
  const [url] = queryKey;
  if (typeof url !== 'string') throw new Error('The first element of a query key must be its URL');
  return getJson(url);
};

/** The spec's rules: never stale, no refetch on focus, no retries. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: defaultQueryFn,
        staleTime: Infinity,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}
