import { MSG } from '@clinic/contract/messages';
import type { Procedure } from '@clinic/contract/procedures';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { readCode } from './code-wire';

export const PROCEDURES_KEY = ['procedures'] as const;
export const codesQueryKey = (kind: string) => [...PROCEDURES_KEY, 'search', kind] as const;

/** GET /procedures/search?differenceCode=: the codes of one kind (P or D); '' gives every code. */
export async function searchCodes(kind: string): Promise<Procedure[]> {
  let raw: unknown;
  try {
    raw = await apiRequest<unknown>('/procedures/search', { query: { differenceCode: kind || undefined } });
  } catch (error) {
    throw new Error(MSG.failedToLoadCodes, { cause: error });
  }
  return Array.isArray(raw) ? raw.map(readCode).filter((c) => c.code !== '') : [];
}

export function useCodes(kind: string) {
  return useQuery({ queryKey: codesQueryKey(kind), queryFn: () => searchCodes(kind) });
}
