import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// CONVENTIONS item 6: the arrows point one way, app -> features -> components/lib.
// A feature never imports app/ or another feature; components/ and lib/ import neither.
const SRC = dirname(fileURLToPath(import.meta.url));
const IMPORT = /(?:from\s+|import\s*\(\s*|import\s+)'(\.[^']*)'/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The top-level area of a path under src: 'app', 'lib', 'components', or 'features/<name>'. */
function areaOf(path: string): string {
  const [top, name] = relative(SRC, path).split('/');
  return top === 'features' ? `features/${name}` : (top ?? '');
}

function wrongWayImports(area: string, allowed: (target: string) => boolean): string[] {
  return sourceFiles(join(SRC, area)).flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(IMPORT)]
      .map((match) => match[1] as string)
      .filter((specifier) => !allowed(areaOf(resolve(dirname(file), specifier))))
      .map((specifier) => `${relative(SRC, file)} imports ${specifier}`),
  );
}

describe('import direction', () => {
  const features = readdirSync(join(SRC, 'features'));

  it.each(features)('features/%s imports only itself, components, lib and test helpers', (name) => {
    const own = `features/${name}`;
    const allowed = (target: string) => [own, 'components', 'lib', 'test'].includes(target);
    expect(wrongWayImports(own, allowed)).toEqual([]);
  });

  it.each(['components', 'lib'])('%s imports neither app nor features', (area) => {
    const allowed = (target: string) => ['components', 'lib', 'test'].includes(target);
    expect(wrongWayImports(area, allowed)).toEqual([]);
  });

  it('test helpers import neither app nor features', () => {
    const allowed = (target: string) => ['components', 'lib', 'test'].includes(target);
    expect(wrongWayImports('test', allowed)).toEqual([]);
  });

  it('finds a wrong-way import when there is one', () => {
    // The scanner itself: app/ imports features, which the rule for a feature would refuse.
    expect(wrongWayImports('app', (target) => target !== `features/${features[0]}`).length).toBeGreaterThan(
      0,
    );
  });
});
