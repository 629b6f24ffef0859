import type { CreatedApiKeyDto } from '../../../core/api/api-keys';
import { apiRequest } from '../../lib/api-client';

export const API_KEYS_KEY = ['/api/keys'] as const;

export async function createApiKey(name: string): Promise<CreatedApiKeyDto> {
  const response = await apiRequest('POST', '/api/keys', { name });
  return (await response.json()) as CreatedApiKeyDto;
}

export async function revokeApiKey(id: string): Promise<void> {
  await apiRequest('DELETE', `/api/keys/${encodeURIComponent(id)}`);
}
