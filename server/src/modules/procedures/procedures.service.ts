import {
  CODE_KINDS,
  codeKindLetter,
  PROCEDURE_CODE_PATTERN,
  PROCEDURE_PAGE_DEFAULT,
  PROCEDURE_SEARCH_MAX,
  type Procedure,
  type ProcedureBody,
  type ProcedurePageQuery,
  type ProcedureSearchQuery,
} from '@clinic/contract/procedures';
import type { AppContext } from '../../app-context';
import {
  badRequest,
  conflict,
  isForeignKeyRefusal,
  notFound,
  PG_UNIQUE_VIOLATION,
  pgErrorCode,
} from '../../platform/errors';
import { createImageStore, type ImageStore } from '../../platform/images';
import { type CursorPage, pageByCursor, textCursor } from '../../platform/key-paging';
import { attachablePicture } from '../../platform/picture-name';
import { createProceduresRepository, type ProcedureRow } from './procedures.repository';

const CODE_RE = new RegExp(PROCEDURE_CODE_PATTERN);
const KIND_LETTERS: readonly string[] = CODE_KINDS.map((kind) => kind.letter);
const missing = (code: string) => notFound(`Code ${code} not found`);

/**
 * Diagnosis and procedure sets hold codes by a foreign key on (code, kind) (docs/decisions/0029), so the
 * database refuses deleting a code a set uses, or changing its kind; that refusal is the answer.
 */
async function unlessUsedBySets<T>(work: () => Promise<T>, refusal: string): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isForeignKeyRefusal(error)) throw conflict(refusal);
    throw error;
  }
}

export function toProcedure(row: ProcedureRow): Procedure {
  return {
    code: row.code,
    description: row.description,
    differenceCode: row.difference_code,
    picture: row.picture,
  };
}

/** Codes are stored in upper case ('m54.50' and 'M54.50' are one code). */
function normalizeCode(value: string): string {
  return value.trim().toUpperCase();
}

function validCode(value: string | undefined): string {
  const code = normalizeCode(value ?? '');
  if (code === '') throw badRequest('code is required');
  if (!CODE_RE.test(code)) {
    throw badRequest(
      'code must be letters, digits, dots or hyphens with at least one digit, e.g. 97110 or M54.50',
    );
  }
  return code;
}

function validDifferenceCode(value: string): string {
  const differenceCode = value.trim();
  if (!KIND_LETTERS.includes(codeKindLetter(differenceCode))) {
    throw badRequest('differenceCode must start with P (procedure) or D (diagnosis)');
  }
  return differenceCode.charAt(0).toUpperCase() + differenceCode.slice(1);
}

const PICTURE_FOLDER = 'procedurediagnosis';

export function createProceduresService(ctx: AppContext, images: ImageStore = createImageStore(ctx.config)) {
  const repo = createProceduresRepository(ctx.db);

  async function getByCode(codeParam: string): Promise<Procedure> {
    const code = normalizeCode(codeParam);
    const row = await repo.findByCode(code);
    if (!row) throw missing(code);
    return toProcedure(row);
  }

  return {
    getByCode,

    async list(query: ProcedurePageQuery): Promise<CursorPage<Procedure>> {
      const page = await pageByCursor(
        query,
        textCursor,
        (after, take) => repo.list({}, after, take),
        (row) => row.code,
        PROCEDURE_PAGE_DEFAULT,
      );
      return { ...page, items: page.items.map(toProcedure) };
    },

    /** Any of: code prefix, description text, kind (first letter of differenceCode). */
    async search(query: ProcedureSearchQuery): Promise<Procedure[]> {
      const kind = codeKindLetter(query.differenceCode);
      const rows = await repo.list(
        {
          code: query.code?.trim() || undefined,
          description: query.description?.trim() || undefined,
          kind: kind || undefined,
        },
        undefined,
        PROCEDURE_SEARCH_MAX,
      );
      return rows.map(toProcedure);
    },

    async add(body: ProcedureBody): Promise<Procedure> {
      const code = validCode(body.code);
      if (body.differenceCode === undefined || body.differenceCode.trim() === '') {
        throw badRequest('differenceCode is required');
      }
      const differenceCode = validDifferenceCode(body.differenceCode);
      const picture =
        body.picture === undefined
          ? ''
          : await attachablePicture(images, PICTURE_FOLDER, body.picture, 'picture');
      try {
        await repo.insert({ code, differenceCode, description: (body.description ?? '').trim(), picture });
      } catch (error) {
        if (pgErrorCode(error) === PG_UNIQUE_VIOLATION) throw conflict(`Code ${code} already exists.`);
        throw error;
      }
      return getByCode(code);
    },

    /** The code is the record's identity: a body may repeat it but not change it. */
    async update(codeParam: string, body: ProcedureBody): Promise<Procedure> {
      const code = normalizeCode(codeParam);
      if (body.code !== undefined && body.code.trim() !== '' && normalizeCode(body.code) !== code) {
        throw badRequest('The code cannot be changed; add the new code and delete the old one.');
      }
      const current = await repo.findByCode(code);
      if (!current) throw missing(code);
      const changes = {
        ...(body.description !== undefined ? { description: (body.description ?? '').trim() } : {}),
        ...(body.differenceCode !== undefined
          ? { differenceCode: validDifferenceCode(body.differenceCode) }
          : {}),
        ...(body.picture !== undefined
          ? {
              picture: await attachablePicture(
                images,
                PICTURE_FOLDER,
                body.picture,
                'picture',
                current.picture,
              ),
            }
          : {}),
      };
      const updated = await unlessUsedBySets(
        () => repo.update(code, changes),
        `Code ${code} is used by authorizations; its kind (the first letter of differenceCode) cannot change.`,
      );
      if (!updated) throw missing(code);
      return getByCode(code);
    },

    async remove(codeParam: string): Promise<void> {
      const code = normalizeCode(codeParam);
      const removed = await unlessUsedBySets(
        () => repo.remove(code),
        `Code ${code} is used by authorizations and cannot be deleted.`,
      );
      if (!removed) throw missing(code);
    },
  };
}
