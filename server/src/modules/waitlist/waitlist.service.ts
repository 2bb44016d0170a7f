import { NOT_SURE_DOCTOR_ID } from '@clinic/contract/constants';
import { MSG } from '@clinic/contract/messages';
import {
  type AcceptOfferResponse,
  type JoinWaitlistBody,
  WAITLIST_MAX_OPEN,
  WAITLIST_MESSAGES,
  type WaitlistEntry,
} from '@clinic/contract/waitlist';
import type { AppContext } from '../../app-context';
import type { WriteAudit } from '../../platform/audit';
import type { Actor } from '../../platform/auth/actor';
import { conflict, notFound, PG_UNIQUE_VIOLATION, pgConstraint, pgErrorCode } from '../../platform/errors';
import { createAppointmentsService } from '../appointments/appointments.service';
import { firstFreeSlot } from '../appointments/slots';
import { createWaitlistRepository, type WaitlistRow } from './waitlist.repository';
import { offerFreedPlace } from './waitlist-offers';

function toWire(row: WaitlistRow): WaitlistEntry {
  return {
    id: row.id,
    patientId: row.patient_id,
    officeId: row.office_id,
    officeName: row.office_name,
    doctorId: row.doctor_id,
    doctorName: row.doctor_name,
    date: row.date,
    typeVisit: row.type_visit,
    status: row.status,
    offeredTime: row.offered_time ? row.offered_time.slice(0, 5) : null,
    offerExpiresAt: row.offer_expires_at ? new Date(row.offer_expires_at).toISOString() : null,
    appointmentId: row.appointment_id,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

/** The signed-in patient's id; the waitlist is for patients only (the route allows no one else). */
function ownPatientId(actor: Actor): number {
  if (actor.role !== 'PATIENT' || actor.patientId == null) throw notFound();
  return actor.patientId;
}

/**
 * The waitlist (issue 14; docs/decisions/0038): patients wait for a full day, are offered a freed place
 * (waitlist-offers.ts) and take it with every booking rule, or leave.
 */
export function createWaitlistService(ctx: AppContext, now: () => Date = () => new Date()) {
  const repo = createWaitlistRepository(ctx.db);
  const appointments = createAppointmentsService(ctx);

  async function load(id: number): Promise<WaitlistEntry> {
    const row = await repo.findForList(id);
    if (!row) throw notFound();
    return toWire(row);
  }

  return {
    /** Joins the waitlist of a day that has no free time left (for the doctor, when one is named). */
    async join(actor: Actor, body: JoinWaitlistBody, audit: WriteAudit): Promise<WaitlistEntry> {
      const patientId = ownPatientId(actor);
      audit.namePatient(patientId);
      // The office (404), the doctor (400) and the date (400) are checked as availability checks them.
      const times = await appointments.availableTimes({
        officeId: body.officeId,
        date: body.date,
        ...(body.doctorId !== null ? { doctorId: body.doctorId } : {}),
      });
      if (times.allSlots.length === 0) throw conflict(WAITLIST_MESSAGES.noHours);
      if (firstFreeSlot(times) !== null) throw conflict(WAITLIST_MESSAGES.dayHasFreeTimes);
      // The type waited for is the type booked when an offer is taken (issue 28): one the patient could not
      // book that day is refused now, not when a place is offered.
      await appointments.assertBookableType(patientId, body.typeVisit, body.date);
      let id: number;
      try {
        id = await repo.transaction(async (trx) => {
          if ((await repo.countOpen(trx, patientId)) >= WAITLIST_MAX_OPEN)
            throw conflict(WAITLIST_MESSAGES.tooMany);
          const created = await repo.insert(trx, {
            patient_id: patientId,
            office_id: body.officeId,
            doctor_id: body.doctorId === NOT_SURE_DOCTOR_ID ? null : body.doctorId,
            date: body.date,
            type_visit: body.typeVisit.trim(),
          });
          await audit.commit(trx, created, patientId);
          return created;
        });
      } catch (error) {
        if (pgErrorCode(error) === PG_UNIQUE_VIOLATION && pgConstraint(error)?.includes('one_open')) {
          throw conflict(WAITLIST_MESSAGES.alreadyWaiting);
        }
        throw error;
      }
      return load(id);
    },

    async listMine(actor: Actor): Promise<WaitlistEntry[]> {
      const rows = await repo.listOfPatient(ownPatientId(actor));
      return rows.map(toWire);
    },

    /** Leaves the waitlist of a day; a place offered to the patient goes on to the next one waiting. */
    async leave(actor: Actor, id: number, audit: WriteAudit): Promise<WaitlistEntry> {
      const patientId = ownPatientId(actor);
      await repo.transaction(async (trx) => {
        const row = await repo.lock(trx, id);
        if (!row || row.patient_id !== patientId) throw notFound();
        audit.namePatient(patientId);
        if (row.status !== 'waiting' && row.status !== 'offered') {
          throw conflict('You are no longer on the waitlist for this day.');
        }
        await repo.setStatus(trx, id, 'left');
        if (row.status === 'offered' && row.offered_time) {
          await offerFreedPlace(
            trx,
            { officeId: row.office_id, date: row.date, time: row.offered_time },
            now(),
          );
        }
        await audit.commit(trx, id, patientId);
      });
      return load(id);
    },

    /** Books the place offered, while the offer holds, with every booking rule (the held place is its own). */
    async accept(actor: Actor, id: number, audit: WriteAudit): Promise<AcceptOfferResponse> {
      const patientId = ownPatientId(actor);
      const entry = await repo.findForList(id);
      if (!entry || entry.patient_id !== patientId) throw notFound();
      if (entry.status !== 'offered' || !entry.offered_time) throw conflict(WAITLIST_MESSAGES.offerGone);
      const booked = await appointments.add(
        actor,
        {
          officeId: entry.office_id,
          doctorId: entry.doctor_id ?? NOT_SURE_DOCTOR_ID,
          appointmentDate: entry.date,
          appointmentTime: entry.offered_time.slice(0, 5),
          typeVisit: entry.type_visit,
          notes: '',
        },
        audit,
        {
          id,
          check: async (trx) => {
            const row = await repo.lock(trx, id);
            const open = row?.status === 'offered' && row.offer_expires_at && row.offer_expires_at > now();
            if (!open) throw conflict(WAITLIST_MESSAGES.offerGone);
          },
          booked: async (trx, appointmentId) => {
            await repo.setStatus(trx, id, 'booked', appointmentId);
          },
        },
      );
      return { appoinmentId: booked.id, message: MSG.appointmentAdded };
    },
  };
}
