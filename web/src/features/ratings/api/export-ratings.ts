import { RATINGS_EXPORT_FILE, type RatingFilterQuery } from '@clinic/contract/ratings';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { downloadCsv } from '../../../lib/csv';

/**
 * GET /ratings/export?doctorId=&officeId=&from=&to= (ADMIN): the server writes the CSV of exactly the
 * filtered rows (all pages, not the one shown). It needs the bearer token, so the file is fetched here
 * and handed to the browser as ratings_export.csv rather than linked.
 */
export async function exportRatings(filters: RatingFilterQuery): Promise<void> {
  const csv = await apiRequest<string | undefined>('/ratings/export', {
    query: { ...filters },
    headers: { Accept: 'text/csv' },
  });
  downloadCsv(RATINGS_EXPORT_FILE, csv ?? '');
}

export function useExportRatings() {
  return useMutation({ mutationFn: exportRatings });
}
