import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { TestApp } from './test-app';

/** A data folder of its own for a test file that stores images; remove() deletes it. */
export function tempDataDir(prefix: string) {
  const dir = mkdtempSync(path.join(tmpdir(), `${prefix}-`));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Uploads a small real PNG through POST /api/images/upload and answers the stored name. */
export async function uploadTestImage(t: TestApp, token: string, directory: string, filename: string) {
  const bytes = await sharp({
    create: { width: 8, height: 8, channels: 3, background: { r: 9, g: 99, b: 9 } },
  })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('directory', directory);
  form.append('filename', filename);
  form.append('file', new Blob([new Uint8Array(bytes)]), filename);
  const res = await t.call({ method: 'POST', url: '/api/images/upload', token, payload: form });
  if (res.statusCode !== 200) throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
  return res.body;
}
