import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorSchema, idParams, okSchema } from '../../core/api/common.js';
import {
  type KnownVoiceDto,
  type KnownVoicesDto,
  type VoicePreferences,
  knownVoicePatchBody,
  knownVoiceSchema,
  knownVoicesSchema,
  voicePreferencesBody,
  voicePreferencesSchema,
} from '../../core/api/voices.js';
import { authenticatedUser } from '../accounts/authenticate.js';
import type { Database } from '../db/database.js';
import { AppError } from '../errors/app-error.js';
import { SESSION_SECURITY } from '../http/api-schemas.js';
import {
  findRememberVoices,
  forgetKnownVoices,
  listKnownVoices,
  renameKnownVoice,
  saveRememberVoices,
  type KnownVoiceSummary,
} from './known-voices.repository.js';

export const VOICE_NOT_FOUND = 'Voice not found';

const documented = { tags: ['Known voices'], security: SESSION_SECURITY };
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema };

function toDto(voice: KnownVoiceSummary): KnownVoiceDto {
  return {
    ...voice,
    createdAt: voice.createdAt.toISOString(),
    updatedAt: voice.updatedAt.toISOString(),
  };
}

/**
 * The voices an account remembers (issue 26, decision 0050): the choice, the list, renaming and
 * forgetting. Only ever the owner's, with a browser session: no API key reaches voices.
 */
export async function knownVoicesRoutes(parent: FastifyInstance, options: { db: Database }) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { db } = options;

  app.get(
    '/api/account/voice-preferences',
    {
      config: { auth: 'session' },
      schema: {
        ...documented,
        summary: 'Whether voices you name are remembered',
        response: { 200: voicePreferencesSchema, 401: apiErrorSchema },
      },
    },
    async (request): Promise<VoicePreferences> => ({
      rememberVoices: await findRememberVoices(db, authenticatedUser(request).id),
    }),
  );

  app.put(
    '/api/account/voice-preferences',
    {
      config: { auth: 'session' },
      schema: {
        ...documented,
        summary:
          'Remember voices you name (on), or stop remembering and recognising them (off; the voices stay until forgotten)',
        body: voicePreferencesBody,
        response: { 200: voicePreferencesSchema, 400: apiErrorSchema, 401: apiErrorSchema },
      },
    },
    async (request): Promise<VoicePreferences> => {
      const { rememberVoices } = request.body;
      await saveRememberVoices(db, authenticatedUser(request).id, rememberVoices);
      return { rememberVoices };
    },
  );

  app.get(
    '/api/voices',
    {
      config: { auth: 'session' },
      schema: {
        ...documented,
        summary: 'The voices you named, with the recordings they were learnt from',
        response: { 200: knownVoicesSchema, 401: apiErrorSchema },
      },
    },
    async (request, reply): Promise<KnownVoicesDto> => {
      reply.header('cache-control', 'private, no-store');
      const voices = await listKnownVoices(db, authenticatedUser(request).id);
      return { voices: voices.map(toDto) };
    },
  );

  app.patch(
    '/api/voices/:id',
    {
      config: { auth: 'session' },
      schema: {
        ...documented,
        summary: 'Rename a voice (later recordings get the new name)',
        params: idParams,
        body: knownVoicePatchBody,
        response: { 200: knownVoiceSchema, 409: apiErrorSchema, ...errors },
      },
    },
    async (request): Promise<KnownVoiceDto> => {
      const userId = authenticatedUser(request).id;
      const { id } = request.params;
      const { name } = request.body;
      const renamed = await renameKnownVoice(db, userId, id, name);
      if (renamed === 'taken')
        throw new AppError('conflict', `You already have a voice named "${name}".`);
      if (renamed === 'missing') throw new AppError('not_found', VOICE_NOT_FOUND);
      const voice = (await listKnownVoices(db, userId)).find((each) => each.id === id);
      if (!voice) throw new AppError('not_found', VOICE_NOT_FOUND);
      return toDto(voice);
    },
  );

  app.delete(
    '/api/voices/:id',
    {
      config: { auth: 'session' },
      schema: {
        ...documented,
        summary: 'Forget a voice: its data is deleted',
        params: idParams,
        response: { 200: okSchema, ...errors },
      },
    },
    async (request): Promise<{ ok: true }> => {
      const userId = authenticatedUser(request).id;
      if ((await forgetKnownVoices(db, userId, [request.params.id])) === 0)
        throw new AppError('not_found', VOICE_NOT_FOUND);
      return { ok: true };
    },
  );

  app.delete(
    '/api/voices',
    {
      config: { auth: 'session' },
      schema: {
        ...documented,
        summary: 'Forget every voice: their data is deleted',
        response: { 200: okSchema, 401: apiErrorSchema },
      },
    },
    async (request): Promise<{ ok: true }> => {
      await forgetKnownVoices(db, authenticatedUser(request).id);
      return { ok: true };
    },
  );
}
