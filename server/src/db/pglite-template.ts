import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { copyFile, mkdir, readdir, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { MIGRATIONS_DIR, SERVER_ROOT } from '../locations';

/**
 * A migrated, empty embedded database's data folder, so that a new data folder starts as a copy of it (a
 * fraction of a second) instead of from initdb and every migration (4 to 6 s on a 2-core machine). The first
 * start on a machine makes it; any later new data folder (a reset demo, another DATA_DIR) copies it. Its
 * name carries a hash of the PGlite version and the migrations, so a change to either makes a new one. It
 * is a cache: deleting it costs one slow start.
 */
export const PGLITE_TEMPLATES_DIR = path.join(SERVER_ROOT, '..', 'node_modules', '.cache', 'clinic-pglite');

async function templateKey(): Promise<string> {
  const hash = createHash('sha256');
  const pglitePackage = path.join(
    SERVER_ROOT,
    '..',
    'node_modules',
    '@electric-sql',
    'pglite',
    'package.json',
  );
  hash.update(existsSync(pglitePackage) ? await readFile(pglitePackage) : 'pglite');
  for (const file of (await readdir(MIGRATIONS_DIR)).filter((name) => name.endsWith('.sql')).sort()) {
    hash.update(`\0${file}\0`);
    hash.update(await readFile(path.join(MIGRATIONS_DIR, file)));
  }
  return hash.digest('hex').slice(0, 24);
}

async function templateFolder(templatesDir: string): Promise<string> {
  return path.join(templatesDir, `template-${await templateKey()}`);
}

/** Fills the empty data folder `dataDir` from the template for today's migrations; false when there is none yet. */
export async function copyPgliteTemplate(
  dataDir: string,
  templatesDir = PGLITE_TEMPLATES_DIR,
): Promise<boolean> {
  const template = await templateFolder(templatesDir);
  if (!existsSync(path.join(template, 'PG_VERSION'))) return false;
  await copyFolder(template, dataDir);
  return true;
}

/**
 * Keeps the data folder of a just-created, just-migrated (not yet seeded) and closed database as the
 * template. Copied beside it and renamed into place, so a start that copies it at the same moment never sees
 * half of it. A template that cannot be written (a read-only install) only means the next new database
 * starts slowly.
 */
export async function keepPgliteTemplate(
  dataDir: string,
  templatesDir = PGLITE_TEMPLATES_DIR,
): Promise<boolean> {
  const template = await templateFolder(templatesDir);
  const partial = `${template}.${process.pid}.partial`;
  try {
    await mkdir(templatesDir, { recursive: true });
    await copyFolder(dataDir, partial);
    await rename(partial, template);
    return true;
  } catch {
    await rm(partial, { recursive: true, force: true }).catch(() => {});
    return false;
  }
}

/**
 * Copies a data folder (about 1,200 files), several files at a time: a third of the time of fs.cp, which
 * copies one after the other.
 */
async function copyFolder(from: string, to: string): Promise<void> {
  const entries = await readdir(from, { recursive: true, withFileTypes: true });
  const relative = (entry: (typeof entries)[number]) =>
    path.relative(from, path.join(entry.parentPath, entry.name));
  const folders = entries.filter((entry) => entry.isDirectory()).map(relative);
  for (const folder of ['', ...folders.sort()]) await mkdir(path.join(to, folder), { recursive: true });
  const files = entries.filter((entry) => entry.isFile()).map(relative);
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      for (let file = files.pop(); file !== undefined; file = files.pop()) {
        await copyFile(path.join(from, file), path.join(to, file));
      }
    }),
  );
}
