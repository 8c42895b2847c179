import type { PassThrough } from 'node:stream';
import type { FastifyReply } from 'fastify';

/** A comment line now and then keeps proxies and the browser from calling an idle stream dead. */
const HEARTBEAT_MS = 25_000;

/**
 * Answers a request with a server-sent event stream a paired device reads (the display's relay D141,
 * the kitchen's tickets D326): a heartbeat every 25 s, and `onGone` once when either side closes.
 * The response's close means the device went away (the request's own close says only that it was read).
 */
export function sendEventStream(reply: FastifyReply, stream: PassThrough, onGone: () => void): FastifyReply {
  const heartbeat = setInterval(() => {
    if (!stream.destroyed) stream.write(': ping\n\n');
  }, HEARTBEAT_MS);
  heartbeat.unref();
  let gone = false;
  const stop = () => {
    clearInterval(heartbeat);
    if (gone) return;
    gone = true;
    onGone();
  };
  stream.on('close', stop);
  stream.on('finish', stop);
  reply.raw.on('close', () => {
    stop();
    stream.destroy();
  });
  return reply.type('text/event-stream; charset=utf-8').header('X-Accel-Buffering', 'no').send(stream);
}
