import { MESSAGES } from '../../core/messages.js';
import { AppError } from '../errors/app-error.js';
import { AudioError } from '../speech/audio/audio-error.js';
import type { AudioInputLimits } from '../speech/audio/audio-input-limits.js';
import { probeAudio } from '../speech/audio/probe-audio.js';
import { sniffAudioFile, type SniffedAudioFormat } from '../speech/audio/sniff-audio-format.js';

export interface InspectedAudio {
  format: SniffedAudioFormat;
  durationSeconds: number;
}

export interface InspectUploadOptions {
  limits?: AudioInputLimits;
  /** The requester left: ffprobe or ffmpeg is killed and this rejects with the reason. */
  signal?: AbortSignal;
}

/** The real type from the bytes, confirmed by ffprobe, whatever the name or MIME type claim. */
export async function inspectUpload(
  tempPath: string,
  size: number,
  options: InspectUploadOptions = {},
): Promise<InspectedAudio> {
  if (size === 0) throw new AppError('bad_request', MESSAGES.emptyFile);
  const format = await sniffAudioFile(tempPath);
  if (!format) throw new AppError('bad_request', MESSAGES.notAudio);
  try {
    const probe = await probeAudio(tempPath, format.demuxer, {
      limits: options.limits,
      signal: options.signal,
    });
    return { format, durationSeconds: probe.durationSeconds };
  } catch (error) {
    if (error instanceof AudioError) {
      throw new AppError(
        error.code === 'unsupported' ? 'bad_request' : 'unprocessable',
        error.message,
      );
    }
    throw error;
  }
}
