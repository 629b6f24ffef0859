import { apiRequest } from '../../lib/api-client';

export const API_KEYS_KEY = ['/api/keys'] as const;

export interface ApiKeyDto {
  id: string;
  name: string;
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
}

export interface CreatedApiKeyDto {
  id: string;
  name: string;
  key: string;
  prefix: string;
  createdAt: string;
}

export async function createApiKey(name: string): Promise<CreatedApiKeyDto> {
  const response = await apiRequest('POST', '/api/keys', { name });
  return (await response.json()) as CreatedApiKeyDto;
}

export async function revokeApiKey(id: string): Promise<void> {
  await apiRequest('DELETE', `/api/keys/${encodeURIComponent(id)}`);
}
