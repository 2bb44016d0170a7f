// Builds what `npm start` runs only when what it is built from has changed since the last build (issue 13:
// a fast start): the web app (vite, into web/dist) and the server (one esbuild bundle, server/dist/main.mjs,
// which loads in a fraction of the time tsx takes to compile the sources on every start). The inputs of
// each are hashed; the hash of the last build is kept beside it. `--force` builds anyway.
//
//   node scripts/build-if-changed.mjs [--force] [web] [server]     (no target: both)
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

const TARGETS = {
  web: {
    output: 'web/dist',
    product: 'web/dist/index.html',
    inputs: [
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
    ],
    build: () => run(process.platform === 'win32' ? 'npm.cmd' : 'npm', ['run', 'build', '-w', 'web']),
  },
  server: {
    output: 'server/dist',
    product: 'server/dist/main.mjs',
    inputs: [
      'server/src',
      'server/package.json',
      'contract/src',
      'contract/package.json',
      'package-lock.json',
    ],
    build: bundleServer,
  },
};

function run(command, args) {
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/**
 * Packages the bundle loads from node_modules: they read files beside their own code at run time (native
 * addons, the database's wasm and data files, the API docs' page assets).
 */
const SERVER_PACKAGES_LOADED_IN_PLACE = [
  '@electric-sql/pglite',
  '@node-rs/argon2',
  'sharp',
  '@fastify/swagger-ui',
  'pg-native',
];

/**
 * The server, the shared contract and the pure-JavaScript packages in one ES module: one file to parse
 * instead of hundreds of modules to find and load. Tests are not bundled: nothing the entry imports
 * reaches them.
 */
async function bundleServer() {
  const { build } = await import('esbuild');
  const external = SERVER_PACKAGES_LOADED_IN_PLACE;
  await build({
    absWorkingDir: ROOT,
    entryPoints: ['server/src/main.ts'],
    outfile: 'server/dist/main.mjs',
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    external: [...external, ...external.map((name) => `${name}/*`)],
    // The map (without the sources, which are in the repository) is for `node --enable-source-maps
    // server/dist/main.mjs` when a stack trace should name source files; npm start does not load it, as
    // parsing it cost 0.3-0.6 s of every start. Whitespace and syntax are minified (a third less to parse);
    // names are kept, so stack traces still name their functions.
    sourcemap: true,
    sourcesContent: false,
    minifyWhitespace: true,
    minifySyntax: true,
    logLevel: 'warning',
    // Packages loaded from the bundle that still use require() (CommonJS interop) find it here.
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
  });
}

function filesUnder(relative) {
  const absolute = path.join(ROOT, relative);
  if (!existsSync(absolute)) return [];
  if (!statSync(absolute).isDirectory()) return [relative];
  return readdirSync(absolute, { withFileTypes: true })
    .filter((entry) => entry.name !== 'node_modules' && !entry.name.startsWith('.'))
    .flatMap((entry) => filesUnder(path.join(relative, entry.name)));
}

export function inputsHash(inputs) {
  const hash = createHash('sha256');
  for (const file of inputs.flatMap(filesUnder).sort()) {
    hash.update(`${file.split(path.sep).join('/')}\0`);
    hash.update(readFileSync(path.join(ROOT, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

const force = process.argv.includes('--force');
const named = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
for (const name of named.length > 0 ? named : Object.keys(TARGETS)) {
  const target = TARGETS[name];
  if (!target) {
    console.error(`build-if-changed: no target "${name}" (${Object.keys(TARGETS).join(', ')})`);
    process.exit(2);
  }
  const stamp = path.join(ROOT, target.output, '.build-inputs');
  const current = inputsHash(target.inputs);
  const built = existsSync(stamp) ? readFileSync(stamp, 'utf8').trim() : null;
  if (!force && built === current && existsSync(path.join(ROOT, target.product))) {
    console.info(`${name}: up to date with its sources, not rebuilt (npm run build rebuilds it)`);
    continue;
  }
  await target.build();
  writeFileSync(stamp, `${current}\n`);
}
