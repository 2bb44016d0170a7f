/** A tel: link for a US phone number as displayed, e.g. '(888) 555-0142' -> 'tel:+18885550142'. */
export function telHref(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  const national = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  return `tel:+1${national}`;
}
