// Builds the web app only when what it is built from has changed since the last build (issue 13: a fast
// `npm start`). The build's inputs (the web app's sources and build scripts, the shared contract, the
// locked package versions) are hashed; the hash of the last build is kept beside it in web/dist.
// `--force` builds anyway.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DIST = path.join(ROOT, 'web', 'dist');
const STAMP = path.join(DIST, '.build-inputs');

/** What the build reads: folders are walked, files are read as they are. */
const INPUTS = [
  'web/src',
  'web/public',
  'web/build',
  'web/index.html',
  'web/vite.config.ts',
  'web/tsconfig.json',
  'web/package.json',
  'contract/src',
  'contract/package.json',
  'package-lock.json',
];

function filesUnder(relative) {
  const absolute = path.join(ROOT, relative);
  if (!existsSync(absolute)) return [];
  if (!statSync(absolute).isDirectory()) return [relative];
  return readdirSync(absolute, { withFileTypes: true })
    .filter((entry) => entry.name !== 'node_modules' && !entry.name.startsWith('.'))
    .flatMap((entry) => filesUnder(path.join(relative, entry.name)));
}

export function inputsHash() {
  const hash = createHash('sha256');
  for (const file of INPUTS.flatMap(filesUnder).sort()) {
    hash.update(`${file.split(path.sep).join('/')}\0`);
    hash.update(readFileSync(path.join(ROOT, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

const force = process.argv.includes('--force');
const current = inputsHash();
const built = existsSync(STAMP) ? readFileSync(STAMP, 'utf8').trim() : null;
if (!force && built === current && existsSync(path.join(DIST, 'index.html'))) {
  console.info('web app: up to date with its sources, not rebuilt (npm run build rebuilds it)');
  process.exit(0);
}
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const result = spawnSync(npm, ['run', 'build', '-w', 'web'], { cwd: ROOT, stdio: 'inherit' });
if (result.status !== 0) process.exit(result.status ?? 1);
writeFileSync(STAMP, `${current}\n`);
