// The Permissions-Policy every answer carries, beside helmet's headers (all set by one hook in
// app.ts): helmet 8 has no option for it. HSTS is the TLS proxy's to send, not this server's.

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

/** Joined to helmet's set in app.ts: every answer carries it, those no hook sees too. */
export const PERMISSIONS_POLICY_HEADER = { 'permissions-policy': PERMISSIONS_POLICY } as const;
