/** A record's id as stored, typed or in an address ('7'), or null when it is not a positive whole number. */
export function parseId(text: string | null | undefined): number | null {
  if (!text || !/^\d+$/.test(text.trim())) return null;
  const id = Number(text);
  return Number.isSafeInteger(id) && id > 0 && id <= 2147483647 ? id : null;
}

/** A patient id as stored or typed. */
export const parsePatientId = parseId;
