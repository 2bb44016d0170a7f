import { downloadFile } from './download-file';

/**
 * CSV files the screens export (the authorization worklist, the ratings export): RFC 4180 text, opened
 * safely by spreadsheet programs.
 */
export type CsvValue = string | number | null | undefined;

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

/** A header row and the data rows, lines ending in CRLF as RFC 4180 has them. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return [header, ...rows]
    .map((row) => row.map(csvCell).join(','))
    .join('\r\n')
    .concat('\r\n');
}

/** Downloads CSV text as a file. A byte order mark tells spreadsheet programs it is UTF-8. */
export function downloadCsv(fileName: string, csv: string): void {
  downloadFile(fileName, new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' }));
}
