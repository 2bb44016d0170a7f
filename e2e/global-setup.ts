import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The tests drive the built web app: fail at once, with the fix, when it has not been built. */
export default function globalSetup(): void {
  const index = path.join(process.env.E2E_WEB_DIST ?? path.join(ROOT, 'web', 'dist'), 'index.html');
  if (!existsSync(index)) {
    throw new Error(`${index} is missing: build the web app first (npm run build -w web).`);
  }
}
