import { parse } from 'csv-parse/sync';
import { ApiError, type FieldError } from './errors.js';
import { overrideNameProblem, putOverride, splitOverrideName } from './signed-url.js';

/** The most items one batch may hold, whether sent as JSON or as CSV rows. */
export const BATCH_MAX_ITEMS = 1000;

/** One data row of a batch sheet: its 1-based row number (the header is row 0) and the changes it asks for. */
export interface BatchCsvRow {
  row: number;
  elements: Record<string, Record<string, string>>;
}

/**
 * A spreadsheet of changes: a header row of `element.property` names (the
 * same names a signed URL's query and the CLI's `--set` use), then one row
 * per image. A cell left empty keeps what the template has there, so a sheet
 * may leave optional columns blank row by row; spreadsheets cannot tell an
 * empty cell from "no value", and keeping the design is what people mean.
 *
 * A byte-order mark (Excel writes one), CRLF line ends and quoted cells with
 * commas or line breaks are accepted, and so is a stray quote inside an
 * unquoted cell (`=HYPERLINK("…")`, `5" screen`), as spreadsheets read it.
 * Unknown elements and properties are not judged here: the generate path
 * checks each row against the template, so a bad row fails alone.
 */
export function parseBatchCsv(text: string, maxItems = BATCH_MAX_ITEMS): BatchCsvRow[] {
  let records: string[][];
  try {
    records = parse(text, { bom: true, skip_empty_lines: true, relax_column_count: true, relax_quotes: true, trim: false });
  } catch (cause) {
    throw new ApiError('invalid_request', `The CSV could not be read: ${(cause as Error).message}`, { errors: [{ path: '/csv', message: (cause as Error).message }] });
  }
  const [header, ...rows] = records;
  if (!header) throw new ApiError('invalid_request', 'The CSV is empty: it needs a header row of element.property names, then one row per image.');
  const columns = header.map((name) => ({ name: name.trim(), split: splitOverrideName(name.trim()) }));
  const errors: FieldError[] = columns
    .map((column, index) => (column.split ? null : { path: `/csv/header/${index}`, message: `Column "${column.name}" ${overrideNameProblem(column.name)}.` }))
    .filter((e): e is FieldError => e !== null);
  const seen = new Set<string>();
  for (const [index, column] of columns.entries()) {
    if (seen.has(column.name)) errors.push({ path: `/csv/header/${index}`, message: `Column "${column.name}" appears twice.` });
    seen.add(column.name);
  }
  if (errors.length > 0) throw new ApiError('invalid_request', errors[0].message, { errors });
  if (rows.length === 0) throw new ApiError('invalid_request', 'The CSV has a header but no rows: add one row per image.');
  if (rows.length > maxItems) throw new ApiError('invalid_request', `The CSV has ${rows.length} rows; a batch holds at most ${maxItems}. Split it into several batches.`);
  const long = rows.findIndex((cells) => cells.length > columns.length);
  if (long >= 0)
    throw new ApiError('invalid_request', `Row ${long + 1} has ${rows[long].length} cells but the header names ${columns.length} columns.`, {
      errors: [{ path: `/csv/${long + 1}`, message: 'More cells than columns.' }],
    });
  // A row may stop early (some exporters drop trailing empty cells): the missing cells are empty.
  return rows.map((cells, index) => {
    const elements: Record<string, Record<string, string>> = {};
    for (const [i, column] of columns.entries()) {
      const value = cells[i];
      if (value === undefined || value === '' || !column.split) continue;
      putOverride(elements, column.split, value);
    }
    return { row: index + 1, elements };
  });
}

/** One CSV record (RFC 4180): a cell with a comma, quote or line break is quoted, quotes doubled. */
export function csvLine(cells: readonly string[]): string {
  return cells.map((cell) => (/[",\r\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell)).join(',');
}
