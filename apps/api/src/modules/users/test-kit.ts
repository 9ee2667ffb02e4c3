// The users module's own test helper: requests with a raw access token, as the
// users tests sign in seeded users (seedUsers, signedInRoles) from the one test
// kit (src/test/users.ts). Test-only; nothing in the server imports it.
import type { FastifyInstance } from 'fastify';
import { bearer } from '../../test/harness';

export function api(app: FastifyInstance) {
  return {
    get: (url: string, token?: string) =>
      app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} }),
    send: (method: 'POST' | 'PUT' | 'DELETE', url: string, token?: string, payload?: object) =>
      app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) }),
  };
}
