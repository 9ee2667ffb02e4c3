// Debian's nginx running the shipped site (deploy/nginx/staff-app.conf) for tests: in a temp prefix,
// in the foreground, on free loopback ports, with a self-signed certificate made here by openssl.
// The site is used as shipped; only its placeholders (ports, certificate paths, the app servers,
// the log path) are replaced, and each replacement must find its placeholder, so a change to the
// site that would leave the test running something else fails instead.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { freePort } from './server-process';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
export const NGINX_SITE = path.join(ROOT, 'deploy', 'nginx', 'staff-app.conf');

/** scripts/ensure-nginx.mjs: installs nginx, openssl and systemd-analyze when missing (as root). */
export async function ensureDeployTools(): Promise<void> {
  const script = pathToFileURL(path.join(ROOT, 'scripts', 'ensure-nginx.mjs')).href;
  const { ensureNginx } = (await import(script)) as { ensureNginx: () => Promise<string> };
  await ensureNginx();
}

export interface RunningNginx {
  httpPort: number;
  httpsPort: number;
  /** The self-signed certificate (PEM), to trust in the test's client; names localhost and 127.0.0.1. */
  ca: string;
  /** The site as it was rendered. */
  site: string;
  stop(): Promise<void>;
}

/** The shipped site with its placeholders replaced; throws when one is not found. */
export function renderSite(
  shipped: string,
  values: {
    httpPort: number;
    httpsPort: number;
    cert: string;
    key: string;
    upstreams: string[];
    log: string;
  },
): string {
  const [first, second] = values.upstreams;
  const replacements: [string, string][] = [
    ['listen 80;', `listen 127.0.0.1:${values.httpPort};`],
    ['listen [::]:80;', ''],
    ['listen 443 ssl http2;', `listen 127.0.0.1:${values.httpsPort} ssl http2;`],
    ['listen [::]:443 ssl http2;', ''],
    // The test's HTTPS port is not 443, so the redirect must name it.
    ['return 301 https://$host$request_uri;', `return 301 https://$host:${values.httpsPort}$request_uri;`],
    ['/etc/ssl/staff-app/fullchain.pem', values.cert],
    ['/etc/ssl/staff-app/privkey.pem', values.key],
    ['10.0.0.11:8000', first as string],
    ['10.0.0.12:8000', second as string],
    ['/var/log/nginx/staff-app.access.log', values.log],
  ];
  let site = shipped;
  for (const [placeholder, value] of replacements) {
    if (!site.includes(placeholder)) throw new Error(`the nginx site no longer has ${placeholder}`);
    site = site.split(placeholder).join(value);
  }
  return site;
}

/** Resolves once `file` exists, watching its folder (no polling). */
function fileAppears(file: string, child: ChildProcess, stderr: () => string): Promise<void> {
  return new Promise((resolve, reject) => {
    const watcher = fs.watch(path.dirname(file), () => {
      if (fs.existsSync(file)) done();
    });
    const timer = setTimeout(() => done(new Error(`nginx did not start in 20 s\n${stderr()}`)), 20_000);
    const onExit = (code: number | null) => done(new Error(`nginx exited (${code})\n${stderr()}`));
    child.once('exit', onExit);
    function done(error?: Error) {
      watcher.close();
      clearTimeout(timer);
      child.off('exit', onExit);
      if (error) reject(error);
      else resolve();
    }
    if (fs.existsSync(file)) done();
  });
}

/**
 * Starts nginx with the shipped site in front of `upstreams` (host:port of each app process).
 * The main configuration around it is a Debian-like http block (gzip on, mime types).
 */
export async function startNginx(upstreams: string[]): Promise<RunningNginx> {
  await ensureDeployTools();
  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), 'staff-nginx-'));
  const cert = path.join(prefix, 'fullchain.pem');
  const key = path.join(prefix, 'privkey.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost,IP:127.0.0.1',
      '-keyout',
      key,
      '-out',
      cert,
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const httpPort = await freePort();
  const httpsPort = await freePort();
  const site = renderSite(fs.readFileSync(NGINX_SITE, 'utf8'), {
    httpPort,
    httpsPort,
    cert,
    key,
    upstreams,
    log: path.join(prefix, 'access.log'),
  });
  fs.writeFileSync(path.join(prefix, 'staff-app.conf'), site);
  const temp = (name: string) => path.join(prefix, 'temp', name);
  for (const name of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'])
    fs.mkdirSync(temp(name), { recursive: true });
  const pidFile = path.join(prefix, 'run', 'nginx.pid');
  fs.mkdirSync(path.dirname(pidFile));
  const isRoot = process.getuid?.() === 0;
  fs.writeFileSync(
    path.join(prefix, 'nginx.conf'),
    [
      'daemon off;',
      // As root, nginx would hand its workers to `nobody`, who may not write the temp folders.
      ...(isRoot ? ['user root root;'] : []),
      'worker_processes 1;',
      `pid ${pidFile};`,
      'error_log stderr warn;',
      'events { worker_connections 512; }',
      'http {',
      '  include /etc/nginx/mime.types;',
      '  default_type application/octet-stream;',
      '  sendfile on;',
      '  gzip on;',
      `  client_body_temp_path ${temp('body')};`,
      `  proxy_temp_path ${temp('proxy')};`,
      `  fastcgi_temp_path ${temp('fastcgi')};`,
      `  uwsgi_temp_path ${temp('uwsgi')};`,
      `  scgi_temp_path ${temp('scgi')};`,
      `  include ${path.join(prefix, 'staff-app.conf')};`,
      '}',
      '',
    ].join('\n'),
  );
  const child = spawn(
    '/usr/sbin/nginx',
    ['-p', prefix, '-c', path.join(prefix, 'nginx.conf'), '-e', 'stderr'],
    {
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk) => {
    stderr = (stderr + String(chunk)).slice(-65_536);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // nginx writes its pid file once its listening sockets are open.
  try {
    await fileAppears(pidFile, child, () => stderr);
  } catch (error) {
    child.kill('SIGKILL');
    fs.rmSync(prefix, { recursive: true, force: true });
    throw error;
  }
  return {
    httpPort,
    httpsPort,
    ca: fs.readFileSync(cert, 'utf8'),
    site,
    async stop() {
      // SIGTERM: nginx's fast stop (a graceful one would wait for a stream a failed test left open).
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
      fs.rmSync(prefix, { recursive: true, force: true });
    },
  };
}
