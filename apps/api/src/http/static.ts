// Media (uploaded files first, then shipped ones such as the logo) under
// /media/, and the built single-page app for every other non-API path.
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

export async function registerStatic(
  app: FastifyInstance,
  opts: { mediaDir: string; shippedMediaDir: string; webDistDir: string },
): Promise<void> {
  fs.mkdirSync(opts.mediaDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: [opts.mediaDir, opts.shippedMediaDir],
    prefix: '/media/',
    decorateReply: false,
    index: false,
    maxAge: '1h',
  });

  const indexHtml = path.join(opts.webDistDir, 'index.html');
  const hasWeb = fs.existsSync(indexHtml);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: opts.webDistDir,
      prefix: '/',
      wildcard: false,
      index: false,
      // The Vite build writes .br and .gz copies beside each file; send the one the browser accepts.
      preCompressed: true,
      cacheControl: false,
      setHeaders(res, filePath) {
        // Vite puts a content hash in every asset name, so they never change.
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.url;
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') && !/^\/(api|media)(\/|$)/.test(url);
    if (isPage && hasWeb) {
      return reply
        .header('cache-control', 'no-cache')
        .type('text/html')
        .sendFile('index.html', opts.webDistDir);
    }
    const detail = isPage ? 'The web app is not built; run `npm run build`.' : 'Not found.';
    return reply.code(404).send({ detail, code: 'not_found' });
  });
}
