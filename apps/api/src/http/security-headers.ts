// The Permissions-Policy every answer carries, beside helmet's headers (set in app.ts): helmet 8 has
// no option for it. HSTS is the TLS proxy's to send, not this server's.
import type { FastifyInstance } from 'fastify';

/**
 * Powerful browser features, each denied to the app's pages and anything they embed: the app uses
 * none (apps/web reads no sensor, camera, location or clipboard and opens no full screen; its
 * full-screen dialogs are CSS). Only features Chromium knows, so the policy logs no warning there.
 */
const DENIED_FEATURES = [
  'accelerometer',
  'autoplay',
  'bluetooth',
  'camera',
  'clipboard-read',
  'clipboard-write',
  'display-capture',
  'encrypted-media',
  'fullscreen',
  'gamepad',
  'geolocation',
  'gyroscope',
  'hid',
  'idle-detection',
  'local-fonts',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'picture-in-picture',
  'publickey-credentials-get',
  'screen-wake-lock',
  'serial',
  'usb',
  'xr-spatial-tracking',
] as const;

export const PERMISSIONS_POLICY = DENIED_FEATURES.map((feature) => `${feature}=()`).join(', ');

/** For the answers no hook sees (framework and socket errors), with helmet's set. */
export const PERMISSIONS_POLICY_HEADER = { 'permissions-policy': PERMISSIONS_POLICY } as const;

/**
 * Sets the header on the raw response, as helmet sets its own, so answers that write their own head
 * (the quote stream) carry it too.
 */
export function registerPermissionsPolicy(app: FastifyInstance): void {
  app.addHook('onRequest', (_request, reply, done) => {
    reply.raw.setHeader('permissions-policy', PERMISSIONS_POLICY);
    done();
  });
}
