import type { Insurance, InsuranceBody } from '@clinic/contract/insurance';
import type { AppContext } from '../../app-context';
import { badRequest, conflict, isForeignKeyRefusal, notFound } from '../../platform/errors';
import { createImageStore, type ImageStore } from '../../platform/images';
import { attachablePicture } from '../../platform/picture-name';
import { createInsuranceRepository, type InsuranceChanges, type InsuranceRow } from './insurance.repository';

const IN_USE = 'This insurance is used by patient insurance records and cannot be deleted.';
const missing = (id: number) => notFound(`Insurance ${id} not found`);

export function toInsurance(row: InsuranceRow): Insurance {
  return {
    insid: row.id,
    insName: row.name,
    days: row.days,
    authorization: row.authorization_requirement,
    insCode: row.ins_code,
    address: row.address,
    acceptance: row.acceptance,
    coverageName: row.coverage_name,
    insPicture: row.picture,
  };
}

const text = (value: string | null | undefined) => (value === undefined ? undefined : (value ?? '').trim());

/** The fields a body sets (a field left out is not touched); ids in the body are ignored. */
function changesFrom(body: InsuranceBody): InsuranceChanges {
  const changes: InsuranceChanges = {};
  const nameInput = body.insName !== undefined ? body.insName : body.insuranceName;
  if (nameInput !== undefined) {
    const name = (nameInput ?? '').trim();
    if (name === '') throw badRequest('insName must not be blank');
    changes.name = name;
  }
  if (body.days !== undefined) changes.days = body.days;
  const authorization = text(body.authorization);
  if (authorization !== undefined) changes.authorizationRequirement = authorization;
  const insCode = text(body.insCode);
  if (insCode !== undefined) changes.insCode = insCode;
  const address = text(body.address);
  if (address !== undefined) changes.address = address;
  const acceptance = text(body.acceptance);
  if (acceptance !== undefined) changes.acceptance = acceptance;
  const coverageName = text(body.coverageName);
  if (coverageName !== undefined) changes.coverageName = coverageName;
  return changes;
}

export function createInsuranceService(ctx: AppContext, images: ImageStore = createImageStore(ctx.config)) {
  const repo = createInsuranceRepository(ctx.db);

  /** The body's changes, with its picture checked against the stored images. */
  async function changesOf(body: InsuranceBody, current?: InsuranceRow): Promise<InsuranceChanges> {
    const changes = changesFrom(body);
    if (body.insPicture !== undefined) {
      changes.picture = await attachablePicture(
        images,
        'insurance',
        body.insPicture,
        'insPicture',
        current?.picture,
      );
    }
    return changes;
  }

  async function getById(id: number): Promise<Insurance> {
    const row = await repo.findById(id);
    if (!row) throw missing(id);
    return toInsurance(row);
  }

  return {
    getById,

    async list(): Promise<Insurance[]> {
      return (await repo.list()).map(toInsurance);
    },

    async nameOf(id: number): Promise<string> {
      return (await getById(id)).insName;
    },

    /** Names containing the text; blank text gives every insurance (the directory's empty search box). */
    async search(textInput: string | undefined): Promise<Insurance[]> {
      const value = (textInput ?? '').trim();
      const rows = value === '' ? await repo.list() : await repo.searchByName(value);
      return rows.map(toInsurance);
    },

    /** The home search (§5): nothing for a blank query. */
    async homeSearch(query: string | undefined): Promise<Insurance[]> {
      const value = (query ?? '').trim();
      if (value === '') return [];
      return (await repo.searchByName(value)).map(toInsurance);
    },

    async add(body: InsuranceBody): Promise<Insurance> {
      const changes = await changesOf(body);
      if (!changes.name) throw badRequest('insName is required');
      const id = await repo.insert({ ...changes, name: changes.name });
      return getById(id);
    },

    async update(id: number, body: InsuranceBody): Promise<Insurance> {
      const current = await repo.findById(id);
      if (!current) throw missing(id);
      if (!(await repo.update(id, await changesOf(body, current)))) throw missing(id);
      return getById(id);
    },

    /** Refused with 409 while patient insurance records point at it (they keep their history). */
    async remove(id: number): Promise<void> {
      if ((await repo.countPatientRecords(id)) > 0) {
        if (!(await repo.findById(id))) throw missing(id);
        throw conflict(IN_USE);
      }
      try {
        if (!(await repo.remove(id))) throw missing(id);
      } catch (error) {
        if (isForeignKeyRefusal(error)) throw conflict(IN_USE);
        throw error;
      }
    },
  };
}
