/** A patient id as stored or typed ('7'), or null when it is not a positive whole number. */
export function parsePatientId(text: string | null | undefined): number | null {
  if (!text || !/^\d+$/.test(text.trim())) return null;
  const id = Number(text);
  return Number.isSafeInteger(id) && id > 0 && id <= 2147483647 ? id : null;
}
