import { expect } from 'vitest';
import type { TestApp } from './test-app';

export interface VisitToBook {
  officeId: number;
  doctorId: number;
  patientId: number;
  date: string;
  time: string;
  typeVisit?: string;
}

/** Books a visit through POST /api/appointments/add (an 'eval' unless told) and answers its id; 201 expected. */
export async function bookVisit(t: TestApp, token: string, visit: VisitToBook): Promise<number> {
  const res = await t.call({
    method: 'POST',
    url: '/api/appointments/add',
    token,
    payload: {
      officeId: visit.officeId,
      doctorId: visit.doctorId,
      patientId: visit.patientId,
      appointmentDate: visit.date,
      appointmentTime: visit.time,
      typeVisit: visit.typeVisit ?? 'eval',
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().appoinmentId as number;
}
