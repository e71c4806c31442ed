/** One line of a batch's manifest.csv. */
export interface ManifestRow {
  row: number;
  status: string;
  imageURL: string;
  error: string;
}

/**
 * A cell as RFC 4180 wants it (quoted when it holds a comma, quote or line
 * break). A cell that a spreadsheet would run as a formula (=, +, -, @, tab,
 * CR first) gets a leading apostrophe: error messages quote what the request
 * sent, and opening the manifest must not execute a sender's formula.
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** The manifest a batch's ZIP carries: a header, then one line per item in row order, CRLF-ended as RFC 4180 has it. */
export function batchManifestCsv(rows: readonly ManifestRow[]): string {
  const lines = [['row', 'status', 'imageURL', 'error'], ...rows.map((r) => [String(r.row), r.status, r.imageURL, r.error])];
  return `${lines.map((cells) => cells.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
