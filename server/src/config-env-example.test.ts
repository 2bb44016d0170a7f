import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES, loadConfig } from './config';
import { SERVER_ROOT } from './locations';

/**
 * `.env.example` is where an operator learns what the app can be told; it must not drift from what the code
 * reads. The app's part lists exactly CONFIG_VARIABLES; loadConfig reads nothing else; and every variable any
 * script, test or benchmark reads is listed somewhere in the file.
 */
const ROOT = path.resolve(SERVER_ROOT, '..');
const ENV_EXAMPLE = readFileSync(path.join(ROOT, '.env.example'), 'utf8');
const COMMANDS_HEADING = '# Commands';

/**
 * The names a block of the file sets, commented out or not: lines that are only `# NAME=value` or
 * `NAME=value` (a value without spaces, or in single quotes), not prose that happens to start with one.
 */
function namesIn(text: string): string[] {
  return [...text.matchAll(/^#? ?([A-Z][A-Z0-9_]*)=(?:\S*|'[^']*')$/gm)].map((match) => match[1] as string);
}

/** Variables that tools set for themselves, which nobody sets by hand. */
const SET_BY_TOOLS = new Set(['VITEST']);

const ENV_READ =
  /process\.env\.([A-Z][A-Z0-9_]*)|process\.env\[['"]([A-Z][A-Z0-9_]*)['"]\]|import\.meta\.env\.([A-Z][A-Z0-9_]*)|positiveNumber\(\s*'([A-Z][A-Z0-9_]*)'/g;

const SCANNED = [
  'contract/src',
  'server/src',
  'server/test',
  'web/src',
  'web/build',
  'e2e',
  'bench/src',
  'scripts',
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(full);
    return /\.(ts|tsx|mjs|js)$/.test(entry.name) ? [full] : [];
  });
}

describe('.env.example', () => {
  const appPart = ENV_EXAMPLE.slice(0, ENV_EXAMPLE.indexOf(COMMANDS_HEADING));

  it('lists in its app part exactly the variables config.ts reads', () => {
    expect(ENV_EXAMPLE).toContain(COMMANDS_HEADING);
    expect([...namesIn(appPart)].sort()).toEqual([...CONFIG_VARIABLES].sort());
  });

  it('covers every variable loadConfig reads, including any read past its list', () => {
    const read = new Set<string>();
    const recording = (values: Record<string, string>) =>
      new Proxy(values, {
        get(target, name) {
          if (typeof name === 'string') read.add(name);
          return target[name as string];
        },
      });
    const dataDir = mkdtempSync(path.join(tmpdir(), 'clinic-env-example-'));
    loadConfig(recording({ DATA_DIR: dataDir }));
    loadConfig(
      recording({
        DATA_DIR: dataDir,
        NODE_ENV: 'production',
        TWILIO_ACCOUNT_SID: 'AC1',
        TWILIO_AUTH_TOKEN: 'token',
        TWILIO_FROM: '+15550100',
      }),
    );
    // INIT_CWD is npm's own: the folder the command was typed in, which relative paths start from.
    const listed = new Set([...namesIn(appPart), 'INIT_CWD']);
    expect([...read].filter((name) => !listed.has(name))).toEqual([]);
  });

  it("lists every variable the scripts, tests and benchmarks read (each file's reads in the list)", () => {
    const listed = new Set(namesIn(ENV_EXAMPLE));
    const unlisted = SCANNED.flatMap((dir) => sourceFiles(path.join(ROOT, dir))).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(ENV_READ)]
        .map((match) => match.slice(1).find(Boolean) as string)
        .filter((name) => !listed.has(name) && !SET_BY_TOOLS.has(name))
        .map((name) => `${path.relative(ROOT, file)} reads ${name}`),
    );
    expect(unlisted).toEqual([]);
  });
});
