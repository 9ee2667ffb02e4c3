// Graceful shutdown: once app.close() has begun, every response still being sent asks its client to
// close the connection. Otherwise a keep-alive connection whose request finished after the close began
// would stay open until its keep-alive timeout, and the process would wait that long to exit.
import type { FastifyInstance } from 'fastify';

export function registerGracefulClose(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  // Synchronous (a callback, no promise): it runs on every answer (issue 22).
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
}
