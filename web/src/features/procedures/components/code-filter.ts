import type { Procedure } from '@clinic/contract/procedures';

/** The selector's filter: code or description containing the text, in any case. */
export function filterCodes(codes: readonly Procedure[], text: string): Procedure[] {
  const needle = text.trim().toLowerCase();
  if (needle === '') return [...codes];
  return codes.filter(
    (c) => c.code.toLowerCase().includes(needle) || c.description.toLowerCase().includes(needle),
  );
}
