// Makes sure Debian's Chromium (and a font to render with) is installed for the end-to-end tests.
// Playwright never downloads a browser here: the config points it at /usr/bin/chromium.
// Run directly: `node scripts/ensure-chromium.mjs`.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { aptInstall, isRoot } from './apt.mjs';

export const CHROMIUM_PATH = '/usr/bin/chromium';
const FONT_PACKAGE = 'fonts-liberation'; // covers Latin and Vietnamese glyphs

function hasFonts() {
  try {
    return (
      execFileSync('fc-list', [], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim() !== ''
    );
  } catch {
    return false; // no fontconfig tools: treat as no fonts
  }
}

/** Resolves to Chromium's version line once it and a font are installed; rejects with what to do otherwise. */
export async function ensureChromium({ log = (chunk) => process.stderr.write(chunk) } = {}) {
  const missing = [];
  if (!existsSync(CHROMIUM_PATH)) missing.push('chromium', FONT_PACKAGE);
  else if (!hasFonts()) missing.push(FONT_PACKAGE);

  if (missing.length > 0) {
    if (!isRoot()) {
      throw new Error(
        `${existsSync(CHROMIUM_PATH) ? 'no fonts for Chromium' : `${CHROMIUM_PATH} is missing`}: ` +
          `install Debian's chromium: sudo apt-get install ${missing.join(' ')}`,
      );
    }
    log(`Installing ${missing.join(', ')} from Debian...\n`);
    await aptInstall(missing, { log });
  }
  if (!existsSync(CHROMIUM_PATH))
    throw new Error(`${CHROMIUM_PATH} still missing after apt-get install chromium`);
  return execFileSync(CHROMIUM_PATH, ['--version'], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  }).trim();
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  ensureChromium()
    .then((version) => console.log(`Chromium ready: ${version}`))
    .catch((error) => {
      console.error(`ensure-chromium: ${error.message}`);
      process.exit(1);
    });
}
