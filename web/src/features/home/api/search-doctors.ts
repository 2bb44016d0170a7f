import type { PublicDoctor } from '@clinic/contract/doctors';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/doctor/search/all?query: the home search's doctor step, sent without a token (spec §7). */
export function searchDoctors(query: string, signal?: AbortSignal): Promise<PublicDoctor[]> {
  return apiRequest<PublicDoctor[]>('/doctor/search/all', { query: { query }, token: null, signal });
}
