import path from 'node:path';

/**
 * The server package's folder (server/). This module runs from server/src (through tsx) or bundled into
 * server/dist/main.mjs (`npm start`); both sit one folder below it, so every file the server reads at run
 * time is found from here, whichever way it was loaded.
 */
export const SERVER_ROOT = path.resolve(import.meta.dirname, '..');

/** The forward-only SQL migrations (read at run time, not bundled). */
export const MIGRATIONS_DIR = path.join(SERVER_ROOT, 'src', 'db', 'migrations');

/** The built web app (`npm run build`). */
export const DEFAULT_WEB_DIST = path.join(SERVER_ROOT, '..', 'web', 'dist');

/** The web app's own images, served before a build exists. */
export const WEB_PUBLIC_IMAGES = path.join(SERVER_ROOT, '..', 'web', 'public', 'images');

/** The product's licence (the repository's LICENSE), served at /api/license for the API document's readers. */
export const LICENSE_FILE = path.join(SERVER_ROOT, '..', 'LICENSE');
