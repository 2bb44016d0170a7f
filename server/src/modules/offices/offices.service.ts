import { sanitizeImageName, splitImageList } from '@clinic/contract/images';
import { canonicalTimeZone } from '@clinic/contract/office-hours';
import {
  OFFICE_IMAGES_MAX,
  type Office,
  type OfficeAddBody,
  type OfficeImagesBody,
  type OfficeSearchQuery,
  type OfficeUpdateBody,
} from '@clinic/contract/offices';
import { can, mayEditOffice } from '@clinic/contract/permissions';
import type { AppContext } from '../../app-context';
import type { Actor } from '../../platform/auth/actor';
import {
  badRequest,
  conflict,
  forbidden,
  notFound,
  PG_FOREIGN_KEY_VIOLATION,
  pgErrorCode,
} from '../../platform/errors';
import { assertImageExists, createImageStore, type ImageStore } from '../../platform/images';
import { createOfficesRepository, type OfficeRow, type OfficeValues } from './offices.repository';

const OFFICE_IMAGE_FOLDER = 'office';
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const OFFICE_NOT_FOUND = 'Office not found.';

export function toOffice(row: OfficeRow): Office {
  return {
    officeId: row.id,
    officeName: row.name,
    address: row.address,
    description: row.description,
    phoneNumber: row.phone_number,
    email: row.email,
    officeKey: row.office_key,
    officeImage: row.images,
    timeZone: row.time_zone,
  };
}

function timeZoneOf(value: string): string {
  const zone = canonicalTimeZone(value);
  if (!zone) throw badRequest(`timeZone "${value.trim().slice(0, 64)}" is not a known IANA time zone.`);
  return zone;
}

function text(value: string | null | undefined): string | undefined {
  return value === undefined ? undefined : (value ?? '').trim();
}

function emailOf(value: string | null | undefined): string | undefined {
  const email = text(value);
  if (email && !EMAIL.test(email)) throw badRequest('email is not a valid e-mail address.');
  return email;
}

/** Picks the fields a client may set; ids and images never come from here. */
function descriptiveValues(body: OfficeUpdateBody): OfficeValues {
  const values: OfficeValues = {};
  if (body.officeName !== undefined) values.name = body.officeName.trim();
  const address = text(body.address);
  if (address !== undefined) values.address = address;
  const description = text(body.description);
  if (description !== undefined) values.description = description;
  const phone = text(body.phoneNumber);
  if (phone !== undefined) values.phone_number = phone;
  const email = emailOf(body.email);
  if (email !== undefined) values.email = email;
  if (body.officeKey !== undefined) values.office_key = text(body.officeKey) || null;
  return values;
}

function requestedImages(body: OfficeImagesBody): string[] {
  if (Array.isArray(body)) return body;
  if ('officeImage' in body) {
    return Array.isArray(body.officeImage) ? body.officeImage : splitImageList(body.officeImage);
  }
  return body.images;
}

export function createOfficesService(ctx: AppContext, images: ImageStore = createImageStore(ctx.config)) {
  const repo = createOfficesRepository(ctx.db);

  async function getRow(id: number): Promise<OfficeRow> {
    const row = await repo.findById(id);
    if (!row) throw notFound(OFFICE_NOT_FOUND);
    return row;
  }

  /**
   * Office edit is ADMIN, MANAGER and DOCTOR (spec §6). A doctor edits the office of their own doctor
   * record only (docs/decisions/0011).
   */
  async function assertMayEdit(actor: Actor, officeId: number) {
    if (can(actor.role, 'office:manage')) return;
    const own = actor.doctorId ? await repo.officeOfDoctor(actor.doctorId) : null;
    if (!mayEditOffice(actor.role, own ?? null, officeId))
      throw forbidden('You can edit only the office you work at.');
  }

  /** The stored names of an image list: each must be an uploaded image of the 'office' folder. */
  async function checkedImageList(names: readonly string[]): Promise<string> {
    const clean: string[] = [];
    for (const name of names.map((n) => n.trim()).filter((n) => n !== '')) {
      await assertImageExists(images, OFFICE_IMAGE_FOLDER, name);
      const stored = sanitizeImageName(name);
      if (!clean.includes(stored)) clean.push(stored);
    }
    return clean.join(',');
  }

  return {
    async list(): Promise<Office[]> {
      return (await repo.list()).map(toOffice);
    },

    async search(query: OfficeSearchQuery): Promise<Office[]> {
      const term = (query.query ?? query.q ?? query.name ?? '').trim();
      const rows = term === '' ? await repo.list() : await repo.search(term);
      return rows.map(toOffice);
    },

    async get(id: number): Promise<Office> {
      return toOffice(await getRow(id));
    },

    async name(id: number): Promise<string> {
      return (await getRow(id)).name;
    },

    async images(id: number): Promise<string[]> {
      return splitImageList((await getRow(id)).images).slice(0, OFFICE_IMAGES_MAX);
    },

    async add(body: OfficeAddBody): Promise<Office> {
      const values = descriptiveValues(body);
      const row = await repo.insert({
        ...values,
        name: body.officeName.trim(),
        time_zone: timeZoneOf(body.timeZone),
        images: await checkedImageList(splitImageList(body.officeImage)),
      });
      return toOffice(row);
    },

    async update(actor: Actor, id: number, body: OfficeUpdateBody): Promise<Office> {
      const current = await getRow(id);
      await assertMayEdit(actor, id);
      const values = descriptiveValues(body);
      const zone = body.timeZone === undefined ? current.time_zone : timeZoneOf(body.timeZone);
      const zoneChanges = zone !== current.time_zone;
      if (zoneChanges && !can(actor.role, 'office:manage')) {
        throw forbidden("Only an admin or a manager can change an office's time zone.");
      }
      if (values.office_key !== undefined && values.office_key !== current.office_key) {
        if (!can(actor.role, 'office:manage')) {
          throw forbidden("Only an admin or a manager can change an office's key.");
        }
      }
      const row = await repo.transaction(async (trx) => {
        const updated = await repo.update(id, { ...values, time_zone: zone }, trx);
        if (zoneChanges) await repo.reanchorAppointments(id, zone, trx);
        return updated;
      });
      if (!row) throw notFound(OFFICE_NOT_FOUND);
      return toOffice(row);
    },

    async updateImages(actor: Actor, id: number, body: OfficeImagesBody): Promise<Office> {
      await getRow(id);
      await assertMayEdit(actor, id);
      const list = await checkedImageList(requestedImages(body));
      const row = await repo.update(id, { images: list });
      if (!row) throw notFound(OFFICE_NOT_FOUND);
      return toOffice(row);
    },

    async remove(id: number): Promise<void> {
      await getRow(id);
      // Visit history is kept (appointments restrict the delete); say so instead of a bare 409.
      if (await repo.hasAppointments(id)) {
        throw conflict('This office has appointments and cannot be deleted.');
      }
      try {
        if (!(await repo.delete(id))) throw notFound(OFFICE_NOT_FOUND);
      } catch (error) {
        // An appointment booked between the check and the delete.
        if (pgErrorCode(error) === PG_FOREIGN_KEY_VIOLATION) {
          throw conflict('This office has appointments and cannot be deleted.');
        }
        throw error;
      }
    },
  };
}
