import type { Appointment } from '@clinic/contract/appointments';
import type { AppointmentStatus } from '@clinic/contract/constants';
import { apiRequest } from '../../../lib/api-client';
import { useStatusMutation } from './update-conformation';

/** POST /appointments/{id}/undo-status {conformation}: the status the desk sees, undone one step back. */
export function undoStatus(id: number, conformation: AppointmentStatus) {
  return apiRequest<Appointment>(`/appointments/${id}/undo-status`, {
    method: 'POST',
    body: { conformation },
  });
}

export function useUndoStatus() {
  return useStatusMutation(undoStatus);
}
