/**
 * The one CSV writer of the web app (the Performance tab's export, the analytics exports):
 * RFC 4180 with CRLF line ends, safe to open in a spreadsheet, and the download of a file.
 */

export type CsvCell = string | number | null;

/** RFC 4180: quote a field that holds a comma, quote or line break; double the quotes inside. */
export function csvField(value: CsvCell): string {
  const text = value === null ? '' : String(value);
  // A leading = + - @ would run as a formula in a spreadsheet (OWASP CSV injection).
  const safe = /^[=+\-@]/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** Rows as CSV text: an empty row is a blank line between sections; the text ends with CRLF. */
export function toCsv(rows: readonly (readonly CsvCell[])[]): string {
  return `${rows.map((row) => row.map(csvField).join(',')).join('\r\n')}\r\n`;
}

/** Saves `blob` as `filename` through a temporary link. */
export function downloadBlob(filename: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has been handled: revoking at once can cancel the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export function downloadCsv(filename: string, csv: string): void {
  downloadBlob(filename, new Blob([csv], { type: 'text/csv;charset=utf-8' }));
}
