import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ERROR_CATALOG, ERROR_MEANINGS, type ErrorCode } from './domain/errors.js';
import { repoRoot } from './repo-root.js';

const START = '<!-- error-codes:start (generated from src/domain/errors.ts by src/readme-error-table.test.ts; UPDATE_README=1 rewrites it) -->';
const END = '<!-- error-codes:end -->';

/** Every code of the catalog, by status, with what it means. */
function errorTable(): string {
  const codes = (Object.keys(ERROR_CATALOG) as ErrorCode[]).sort((a, b) => ERROR_CATALOG[a] - ERROR_CATALOG[b]);
  return ['| Status | Code | Meaning |', '|---|---|---|', ...codes.map((code) => `| ${ERROR_CATALOG[code]} | \`${code}\` | ${ERROR_MEANINGS[code]} |`)].join('\n');
}

test("README's error table lists every code of src/domain/errors.ts with its status", () => {
  const file = path.join(repoRoot(), 'README.md');
  const readme = readFileSync(file, 'utf8');
  const start = readme.indexOf(START);
  const end = readme.indexOf(END);
  assert.ok(start >= 0 && end > start, `README.md needs the markers ${START} … ${END}`);
  const expected = `${START}\n${errorTable()}\n${END}`;
  const actual = readme.slice(start, end + END.length);
  if (actual !== expected && process.env.UPDATE_README === '1') {
    writeFileSync(file, readme.slice(0, start) + expected + readme.slice(end + END.length));
    return;
  }
  assert.equal(actual, expected, 'README.md error table differs from the catalog: run UPDATE_README=1 node --test dist/src/readme-error-table.test.js');
});
