import type { Insurance } from '@clinic/contract/insurance';

type Raw = Record<string, unknown>;

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

function integer(value: unknown): number | null {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) ? n : null;
}

/** An insurance as received, with the spec's alternates (insId, insuranceName) read too. */
export function readInsurance(raw: unknown): Insurance {
  const r = (raw ?? {}) as Raw;
  return {
    insid: integer(r.insid ?? r.insId) ?? 0,
    insName: text(r.insName ?? r.insuranceName),
    days: integer(r.days),
    authorization: text(r.authorization),
    insCode: text(r.insCode),
    address: text(r.address),
    acceptance: text(r.acceptance),
    coverageName: text(r.coverageName),
    insPicture: text(r.insPicture),
  };
}

/** What add and update send: every editable field (the id travels in the path). */
export type InsuranceInput = Omit<Insurance, 'insid'>;
