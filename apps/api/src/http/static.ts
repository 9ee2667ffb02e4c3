// Shipped media (the logo) under /media/ (uploads are the media store's: media/routes.ts), and the
// built single-page app for every other non-API path.
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

export async function registerStatic(
  app: FastifyInstance,
  opts: { shippedMediaDir: string; webDistDir: string },
): Promise<void> {
  await app.register(fastifyStatic, {
    root: opts.shippedMediaDir,
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
      // Source maps would hand out the app's source; the production build makes none (vite.config.ts).
      allowedPath: (pathName) => !isSourceMap(pathName),
      setHeaders(res, filePath) {
        // Vite puts a content hash in every asset name, so they never change.
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.url;
    // A source map the build left behind is never served, nor answered with the app's page.
    if (isSourceMap(url)) return reply.code(404).send({ detail: 'Not found.', code: 'not_found' });
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

function isSourceMap(url: string): boolean {
  const path = url.split('?')[0] ?? '';
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // A malformed escape is not a file name the static handler would find either.
  }
  return /\.map$/i.test(decoded);
}
