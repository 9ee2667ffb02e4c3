// An answer sent before its request body has all arrived (413 over a limit, 401 before an upload,
// a field error while a file still streams in) would be lost: the server closes the socket, the
// bytes still coming in make the kernel reset the connection, and the client's fetch or browser
// reports a network error instead of the answer. So the rest of the body is read and thrown away
// first, up to a bound, and only then is the answer sent; past the bound the connection is closed.
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

/** How much more of a refused body is read, at most, so that its client can see the answer. */
export const UNREAD_BODY_DRAIN_BYTES = 16 * 1024 * 1024;
/** And for how long: a client sending slowly holds a connection no longer than this. */
export const UNREAD_BODY_DRAIN_MS = 10_000;

/** `complete`: the parser has seen the end of it; `readableEnded`: a reader has (and inject's has no `complete`). */
function isWhollyReceived(raw: IncomingMessage): boolean {
  return raw.complete || raw.readableEnded;
}

/** Reads and discards what is left of `raw`; true once it has all arrived, false past a bound. */
export function drainUnreadBody(
  raw: IncomingMessage,
  maxBytes = UNREAD_BODY_DRAIN_BYTES,
  maxMs = UNREAD_BODY_DRAIN_MS,
): Promise<boolean> {
  if (isWhollyReceived(raw)) return Promise.resolve(true);
  return new Promise((resolve) => {
    let read = 0;
    const finish = (whole: boolean) => {
      clearTimeout(timer);
      raw.off('data', onData);
      raw.off('end', onEnd);
      raw.off('error', onStop);
      raw.off('close', onStop);
      if (!whole) raw.pause();
      resolve(whole);
    };
    const onData = (chunk: Buffer) => {
      read += chunk.length;
      if (read > maxBytes) finish(false);
    };
    const onEnd = () => finish(true);
    const onStop = () => finish(isWhollyReceived(raw));
    const timer = setTimeout(() => finish(false), maxMs);
    timer.unref();
    raw.on('data', onData);
    raw.on('end', onEnd);
    raw.on('error', onStop);
    raw.on('close', onStop);
    // A parser that gave up (multipart over its limit) may still be piped and no longer reading.
    raw.unpipe();
    raw.resume();
  });
}

export function registerUnreadBodyDrain(app: FastifyInstance): void {
  // A callback, not an async function: every answer passes here, and almost all leave at once
  // without a promise (issue 22).
  app.addHook('onSend', (request, reply, payload, done) => {
    if (reply.statusCode < 400 || isWhollyReceived(request.raw)) return done(null, payload);
    drainUnreadBody(request.raw).then((whole) => {
      // The rest was not read: the connection cannot carry another request.
      if (!whole) reply.header('connection', 'close');
      done(null, payload);
    }, done);
  });
}
