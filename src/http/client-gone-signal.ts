import type { FastifyReply } from 'fastify';

/**
 * Aborts when the client hangs up before its answer is written. Request handlers pass it to the
 * render pool, which drops a render still waiting for a worker: under load, clients that time out
 * and retry would otherwise leave their abandoned renders ahead of everyone's live ones.
 */
export function clientGoneSignal(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  const res = reply.raw;
  // Node marks the response destroyed when its connection closes: the client may have left during the body or the checks.
  if (res.destroyed && !res.writableFinished) controller.abort();
  else
    res.once('close', () => {
      if (!res.writableFinished) controller.abort();
    });
  return controller.signal;
}
