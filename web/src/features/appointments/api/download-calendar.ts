import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/**
 * GET /appointments/{id}/calendar.ics. The call needs the bearer token, so the file is fetched here and
 * handed to the browser as a download rather than linked directly.
 */
export async function downloadCalendar(id: number): Promise<void> {
  const text = await apiRequest<string>(`/appointments/${id}/calendar.ics`, {
    headers: { Accept: 'text/calendar' },
  });
  const url = URL.createObjectURL(new Blob([text], { type: 'text/calendar' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `appointment-${id}.ics`;
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the object URL goes away.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function useDownloadCalendar() {
  return useMutation({ mutationFn: downloadCalendar });
}
