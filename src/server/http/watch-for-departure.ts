import type { FastifyReply } from 'fastify';

/**
 * `gone` aborts when the client closes its connection before the answer is written, so work done
 * only for that answer can stop. Call `stopWatching` once the answer is sent.
 */
export function watchForDeparture(reply: FastifyReply): {
  gone: AbortSignal;
  stopWatching(): void;
} {
  const controller = new AbortController();
  const onClose = () => {
    if (!reply.raw.writableEnded) controller.abort(new Error('The client left before the answer.'));
  };
  reply.raw.once('close', onClose);
  return { gone: controller.signal, stopWatching: () => reply.raw.off('close', onClose) };
}
