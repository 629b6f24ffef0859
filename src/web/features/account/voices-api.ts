import type { KnownVoiceDto, VoicePreferences } from '../../../core/api/voices';
import { apiRequest } from '../../lib/api-client';

export const VOICE_PREFERENCES_KEY = ['/api/account/voice-preferences'] as const;
export const KNOWN_VOICES_KEY = ['/api/voices'] as const;

export async function saveVoicePreferences(rememberVoices: boolean): Promise<VoicePreferences> {
  const response = await apiRequest('PUT', '/api/account/voice-preferences', { rememberVoices });
  return (await response.json()) as VoicePreferences;
}

export async function renameVoice(voice: { id: string; name: string }): Promise<KnownVoiceDto> {
  const response = await apiRequest('PATCH', `/api/voices/${encodeURIComponent(voice.id)}`, {
    name: voice.name,
  });
  return (await response.json()) as KnownVoiceDto;
}

export async function forgetVoice(id: string): Promise<void> {
  await apiRequest('DELETE', `/api/voices/${encodeURIComponent(id)}`);
}

export async function forgetAllVoices(): Promise<void> {
  await apiRequest('DELETE', '/api/voices');
}
