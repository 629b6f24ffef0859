import type { IncomingMessage } from 'node:http';

/**
 * Reads and discards a refused upload's body, up to `limit` bytes, so the refusal reaches a
 * client that is still sending (otherwise it sees a reset, not the message, and an OpenAI SDK
 * cannot honour Retry-After). False when the body is larger, or broken off: the connection must
 * then close.
 */
export async function drainRefusedBody(body: IncomingMessage, limit: number): Promise<boolean> {
  let read = 0;
  try {
    for await (const chunk of body) {
      read += (chunk as Buffer).length;
      if (read > limit) return false;
    }
    return true;
  } catch {
    return false; // the client went away or sent a broken body
  }
}
