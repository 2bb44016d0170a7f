import type { Patient } from '@clinic/contract/patients';
import { apiRequest } from '../../../lib/api-client';

/**
 * GET /api/patient/search/all?query: the home search for staff. Patient data, so unlike the other two
 * home searches it carries the signed-in user's token (the server refuses it without a staff token).
 */
export function searchPatients(query: string, signal?: AbortSignal): Promise<Patient[]> {
  return apiRequest<Patient[]>('/patient/search/all', { query: { query }, signal });
}
