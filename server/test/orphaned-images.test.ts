import { mkdtempSync, rmSync } from 'node:fs';
import { mkdir, readdir, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEEP_MS, removeOrphanedImages } from '../src/modules/images/orphaned-images';
import { createImageStore } from '../src/platform/images';
import { createTestApp, type TestApp } from './test-app';

/**
 * Orphaned uploads (issue 15): a picture uploaded for a save that was then refused names no record; once it
 * is older than any save still waiting for it, it is removed. Named pictures and content images stay.
 */
let t: TestApp;
let dataDir: string;
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'orphaned-images-'));
  t = await createTestApp({ config: { dataDir } });
});
afterAll(async () => {
  await t?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function put(directory: string, name: string, ageMs: number) {
  const folder = path.join(t.config.dataDir, 'images', directory);
  await mkdir(folder, { recursive: true });
  const file = path.join(folder, name);
  await writeFile(file, Buffer.from('not really a picture'));
  const at = new Date(Date.now() - ageMs);
  await utimes(file, at, at);
}

describe('orphaned uploads', () => {
  it('removes old pictures no record names, and keeps named, recent and content ones', async () => {
    const old = KEEP_MS + 60_000;
    await put('promotion', 'refused-save.png', old);
    await put('promotion', 'just-uploaded.png', 1_000);
    await put('promotion', 'kept.png', old);
    await put('office', 'office-photo.png', old);
    await put('content', 'in-a-page.png', old);
    await t.database.db
      .insertInto('promotions')
      .values({ title: 'Kept', description: 'Has its picture', picture: 'kept.png', status: 1 })
      .execute();
    await t.database.db
      .updateTable('offices')
      .set({ images: 'demo-den.webp,office-photo.png' })
      .where('id', '=', 1)
      .execute();

    const store = createImageStore(t.config);
    expect(await removeOrphanedImages(t.database.db, store)).toBe(1);
    const folder = (name: string) => readdir(path.join(t.config.dataDir, 'images', name));
    expect((await folder('promotion')).sort()).toEqual(['just-uploaded.png', 'kept.png']);
    expect(await folder('office')).toEqual(['office-photo.png']);
    expect(await folder('content')).toEqual(['in-a-page.png']);
    // Once the recent one is old enough too, it goes as well.
    expect(await removeOrphanedImages(t.database.db, store, new Date(Date.now() + KEEP_MS))).toBe(1);
  });
});
