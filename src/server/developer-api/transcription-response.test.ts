import { describe, expect, it } from 'vitest';
import { transcriptionDiarizedSchema, transcriptionVerboseSchema } from '../../core/api/openai.js';
import type { TranscriptionRow } from '../transcriptions/transcription.repository.js';
import { transcriptionAnswer } from './transcription-response.js';

const segments = [
  { start: 0, end: 2.5, text: 'Thank you for coming.', speaker: 'Speaker 1' },
  { start: 2.5, end: 5, text: 'Glad to be here.', speaker: 'Maria' },
  { start: 5, end: 7.25, text: 'Shall we begin?', speaker: 'Speaker 1' },
];

const row: TranscriptionRow = {
  id: 'b3f1c2de-0000-4000-8000-000000000001',
  userId: 'user',
  teamId: null,
  filename: 'interview.wav',
  text: segments.map((segment) => segment.text).join(' '),
  segments,
  createdAt: new Date('2026-11-27T10:00:00Z'),
  updatedAt: new Date('2026-11-27T10:00:00Z'),
  durationInSeconds: 7.4,
  fileSize: 1000,
  isTruncated: false,
  transcribeSeconds: null,
  status: 'completed',
  progress: 100,
  error: null,
  language: 'en',
  engine: 'whisper',
  model: 'base.en',
  audioFormat: 'wav',
  audioKey: 'key.wav',
  completedAt: new Date('2026-11-27T10:01:00Z'),
  version: 2,
  originalText: null,
  originalSegments: null,
  shareToken: null,
  deletedAt: null,
  audioDeletedAt: null,
  speakersRequested: null,
  languageRequested: 'auto',
  task: 'transcribe',
  languageAssumed: false,
  denoise: 'auto',
  denoised: null,
  droppedAudio: [],
  vocabulary: null,
};

describe('OpenAI answers of a transcript with two speakers', () => {
  it('diarized_json: OpenAI’s TranscriptionDiarized, each line with its speaker', () => {
    const answer = transcriptionAnswer(row, 'diarized_json', 0);
    expect(answer.contentType).toBe('application/json; charset=utf-8');
    expect(answer.body).toEqual({
      task: 'transcribe',
      model: 'whisper/base.en',
      duration: 7.4,
      text: 'Thank you for coming. Glad to be here. Shall we begin?',
      segments: [
        {
          type: 'transcript.text.segment',
          id: 'seg_0',
          start: 0,
          end: 2.5,
          text: 'Thank you for coming.',
          speaker: 'Speaker 1',
        },
        {
          type: 'transcript.text.segment',
          id: 'seg_1',
          start: 2.5,
          end: 5,
          text: 'Glad to be here.',
          speaker: 'Maria',
        },
        {
          type: 'transcript.text.segment',
          id: 'seg_2',
          start: 5,
          end: 7.25,
          text: 'Shall we begin?',
          speaker: 'Speaker 1',
        },
      ],
      usage: { type: 'duration', seconds: 8 },
    });
    expect(transcriptionDiarizedSchema.strict().safeParse(answer.body).success).toBe(true);
  });

  it('verbose_json: every segment names its speaker', () => {
    const answer = transcriptionAnswer(row, 'verbose_json', 0.2);
    const verbose = transcriptionVerboseSchema.parse(answer.body);
    expect(verbose.segments.map((segment) => [segment.id, segment.speaker])).toEqual([
      [0, 'Speaker 1'],
      [1, 'Maria'],
      [2, 'Speaker 1'],
    ]);
  });
});
