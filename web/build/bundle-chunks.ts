import type { Rolldown } from 'vite';

/** The code chunks of a client build. */
export function chunksOf(bundle: Rolldown.OutputBundle): Rolldown.OutputChunk[] {
  return Object.values(bundle).flatMap((output) => (output.type === 'chunk' ? [output] : []));
}

/** The chunk built for a module (its path's end, e.g. 'src/start.tsx'); a build without it is a mistake. */
export function chunkOfModule(chunks: Rolldown.OutputChunk[], moduleSuffix: string): Rolldown.OutputChunk {
  const chunk = chunks.find((c) => c.facadeModuleId?.replaceAll('\\', '/').endsWith(moduleSuffix));
  if (!chunk) throw new Error(`web build: no chunk for ${moduleSuffix}`);
  return chunk;
}

/** The chunks a module's chunk loads at once (itself and its static imports, transitively) and their CSS. */
export function importClosure(
  chunks: Rolldown.OutputChunk[],
  moduleSuffix: string,
): { scripts: Set<string>; styles: Set<string> } {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const visit = (fileName: string) => {
    if (scripts.has(fileName)) return;
    scripts.add(fileName);
    const chunk = chunks.find((c) => c.fileName === fileName);
    for (const css of chunk?.viteMetadata?.importedCss ?? []) styles.add(css);
    for (const imported of chunk?.imports ?? []) visit(imported);
  };
  visit(chunkOfModule(chunks, moduleSuffix).fileName);
  return { scripts, styles };
}
