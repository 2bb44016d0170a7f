import { readdir, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { ImageDirectory } from '@clinic/contract/images';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { ImageStore } from '../../platform/images';

/**
 * Uploaded pictures that no record names (issue 15: a picture uploaded before a refused save stayed on disk).
 * Each folder whose pictures only records name: the record's picture column, or the office's list of photos.
 * Content images are left alone (a page's HTML names them), and so is anything younger than KEEP_MS: an
 * upload waiting for the save that names it.
 */
const FOLDERS: Readonly<Partial<Record<ImageDirectory, (db: Kysely<DB>) => Promise<string[]>>>> = {
  doctor: async (db) => (await db.selectFrom('doctors').select('picture').execute()).map((r) => r.picture),
  insurance: async (db) =>
    (await db.selectFrom('insurances').select('picture').execute()).map((r) => r.picture),
  promotion: async (db) =>
    (await db.selectFrom('promotions').select('picture').execute()).map((r) => r.picture),
  inventory: async (db) =>
    (await db.selectFrom('inventory_items').select('picture').execute()).map((r) => r.picture),
  procedurediagnosis: async (db) =>
    (await db.selectFrom('procedures').select('picture').where('picture', '<>', '').execute()).map(
      (r) => r.picture,
    ),
  office: async (db) =>
    (await db.selectFrom('offices').select('images').execute()).flatMap((r) => r.images.split(',')),
};

/** An upload younger than this may still be waiting for its record's save. */
export const KEEP_MS = 6 * 3_600_000;

/** Removes the uploaded pictures no record names and older than KEEP_MS; returns how many went. */
export async function removeOrphanedImages(
  db: Kysely<DB>,
  store: ImageStore,
  now = new Date(),
): Promise<number> {
  let removed = 0;
  for (const [directory, named] of Object.entries(FOLDERS)) {
    const folder = path.join(store.root, directory);
    const files = await readdir(folder).catch(() => [] as string[]);
    if (files.length === 0 || !named) continue;
    const kept = new Set((await named(db)).map((name) => name.trim()).filter(Boolean));
    for (const file of files) {
      if (kept.has(file)) continue;
      const target = path.join(folder, file);
      const info = await stat(target).catch(() => null);
      if (!info?.isFile() || now.getTime() - info.mtimeMs < KEEP_MS) continue;
      // Another instance may have removed it a moment ago.
      await unlink(target).then(
        () => {
          removed += 1;
        },
        () => undefined,
      );
    }
  }
  return removed;
}

const SWEEP_EVERY_MS = 3_600_000;

/** Removes orphaned pictures hourly while the app runs (never keeping the process alive). */
export function registerOrphanedImageSweeper(app: FastifyInstance, db: Kysely<DB>, store: ImageStore) {
  let inFlight: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const timer = setInterval(() => {
    if (stopped) return;
    inFlight = removeOrphanedImages(db, store).catch((error) => {
      if (!stopped) app.log.error({ err: error }, 'orphaned pictures could not be removed');
    });
  }, SWEEP_EVERY_MS);
  timer.unref();
  app.addHook('preClose', async () => {
    stopped = true;
    clearInterval(timer);
    await inFlight;
  });
}
