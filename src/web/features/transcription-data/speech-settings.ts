import { useQuery } from '@tanstack/react-query';
import type { DefaultLanguage } from '../../../core/api/account';
import type { HealthDto } from '../../../core/api/health';
import { AUTO_LANGUAGE } from '../../../core/languages';
import type { SpeechCapabilities } from '../../../core/speech-capabilities';
import { apiRequest } from '../../lib/api-client';

export const HEALTH_KEY = ['/api/health'] as const;
export const DEFAULT_LANGUAGE_KEY = ['/api/account/default-language'] as const;

/** What the server's engine can do now (whisper may become ready while the page is open). */
export function useSpeechCapabilities(): SpeechCapabilities | undefined {
  const health = useQuery<HealthDto>({ queryKey: HEALTH_KEY, refetchInterval: 60_000 });
  return health.data?.speech;
}

/** The account's default language for uploads; `auto` until it is read. */
export function useDefaultLanguage(): string {
  const setting = useQuery<DefaultLanguage>({ queryKey: DEFAULT_LANGUAGE_KEY });
  return setting.data?.language ?? AUTO_LANGUAGE;
}

export async function saveDefaultLanguage(language: string): Promise<DefaultLanguage> {
  const response = await apiRequest('PUT', '/api/account/default-language', { language });
  return (await response.json()) as DefaultLanguage;
}
