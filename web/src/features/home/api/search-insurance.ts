import type { Insurance } from '@clinic/contract/insurance';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/insurance/search/all?query: the home search's insurance step, sent without a token (spec §7). */
export function searchInsurance(query: string, signal?: AbortSignal): Promise<Insurance[]> {
  return apiRequest<Insurance[]>('/insurance/search/all', { query: { query }, token: null, signal });
}
