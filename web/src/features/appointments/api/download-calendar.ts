import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download-file';

/**
 * GET /appointments/{id}/calendar.ics. The call needs the bearer token, so the file is fetched here and
 * handed to the browser as a download rather than linked directly.
 */
export async function downloadCalendar(id: number): Promise<void> {
  const text = await apiRequest<string>(`/appointments/${id}/calendar.ics`, {
    headers: { Accept: 'text/calendar' },
  });
  downloadFile(`appointment-${id}.ics`, new Blob([text], { type: 'text/calendar' }));
}

export function useDownloadCalendar() {
  return useMutation({ mutationFn: downloadCalendar });
}
