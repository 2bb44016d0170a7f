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
