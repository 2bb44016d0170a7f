/** A person's name as lists and messages show it: first and last, blanks left out. */
export function fullName(first: string, last: string): string {
  return [first, last]
    .map((s) => s.trim())
    .filter(Boolean)
    .join(' ');
}
