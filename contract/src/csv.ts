/**
 * CSV files the app exports (the authorization worklist, the ratings export): RFC 4180 text, opened
 * safely by spreadsheet programs. Shared by the server's streamed exports and the web's.
 */
export type CsvValue = string | number | boolean | null | undefined;

/** Characters that make a spreadsheet read a cell as a formula (OWASP "CSV injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One cell. Text that starts like a formula gets a leading apostrophe so it is shown, never run; numbers
 * are written as they are (a negative number is not a formula). A cell holding a quote, comma or line
 * break is quoted, its quotes doubled.
 */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One line of cells, ending in CRLF as RFC 4180 has it. */
export function csvLine(row: readonly CsvValue[]): string {
  return `${row.map(csvCell).join(',')}\r\n`;
}

/** A header row and the data rows. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return [header, ...rows].map(csvLine).join('');
}
