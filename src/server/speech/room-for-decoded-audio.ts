import { MAX_AUDIO_SECONDS } from '../../core/plans.js';
import { DiskFullError } from './audio/audio-error.js';
import { pcmBytesFor } from './audio/decode-audio.js';
import { freeDiskBytes } from '../storage/free-disk.js';

/**
 * Checks, before decoding starts, that the decoded audio fits on the disk holding `directory`
 * with `minFreeBytes` to spare: the decode is cut at `seconds`, so its file is never larger than
 * this. A job that would fill the disk is stopped before it writes anything.
 */
export async function assertRoomForDecodedAudio(
  directory: string,
  seconds: number | undefined,
  minFreeBytes: number,
): Promise<void> {
  const { needed, free } = await decodedAudioRoom(directory, seconds);
  if (free - needed < minFreeBytes) {
    throw new DiskFullError(
      `decoding needs ${needed} bytes; ${free} are free and ${minFreeBytes} must stay free`,
    );
  }
}

/** Whether the decoded audio would fit now: a job that found the disk full retries only then. */
export async function hasRoomForDecodedAudio(
  directory: string,
  seconds: number | undefined,
  minFreeBytes: number,
): Promise<boolean> {
  const { needed, free } = await decodedAudioRoom(directory, seconds);
  return free - needed >= minFreeBytes;
}

async function decodedAudioRoom(directory: string, seconds: number | undefined) {
  const needed = pcmBytesFor(Math.min(seconds ?? MAX_AUDIO_SECONDS, MAX_AUDIO_SECONDS));
  return { needed, free: await freeDiskBytes(directory) };
}
