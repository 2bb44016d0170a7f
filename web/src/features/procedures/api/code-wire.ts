import type { Procedure } from '@clinic/contract/procedures';

type Raw = Record<string, unknown>;
const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** A procedure or diagnosis code as received. */
export function readCode(raw: unknown): Procedure {
  const r = (raw ?? {}) as Raw;
  return {
    code: text(r.code),
    description: text(r.description),
    differenceCode: text(r.differenceCode),
    picture: text(r.picture),
  };
}
