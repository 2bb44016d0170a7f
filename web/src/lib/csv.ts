import { downloadFile } from './download-file';

export { type CsvValue, csvCell, toCsv } from '@clinic/contract/csv';

/** Downloads CSV text as a file. A byte order mark tells spreadsheet programs it is UTF-8. */
export function downloadCsv(fileName: string, csv: string): void {
  downloadFile(fileName, new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' }));
}
