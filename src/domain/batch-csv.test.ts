import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseBatchCsv } from './batch-csv.js';
import { ApiError } from './errors.js';

test('header names become element/property changes, row numbers start at 1 and empty cells keep the design', () => {
  const rows = parseBatchCsv('\uFEFFtitle.text,title.fill,logo.src\r\n"Hello, world",#ff0000,\r\n"Two\nlines",,https://example.com/a.png\r\n');
  assert.deepEqual(rows, [
    { row: 1, elements: { title: { text: 'Hello, world', fill: '#ff0000' } } },
    { row: 2, elements: { title: { text: 'Two\nlines' }, logo: { src: 'https://example.com/a.png' } } },
  ]);
});

test('element names may hold dots: the last dot splits', () => {
  assert.deepEqual(parseBatchCsv('hero.title.text\nHi\n'), [{ row: 1, elements: { 'hero.title': { text: 'Hi' } } }]);
});

test('a short row is padded with empty cells; a long one is refused with its row number', () => {
  assert.deepEqual(parseBatchCsv('a.text,b.text\nx\n'), [{ row: 1, elements: { a: { text: 'x' } } }]);
  assert.throws(
    () => parseBatchCsv('a.text\nx\ny,z\n'),
    (e: unknown) => e instanceof ApiError && e.code === 'invalid_request' && /Row 2/.test(e.message),
  );
});

test('bad sheets get invalid_request naming the problem', () => {
  const refused = (text: string, pattern: RegExp) =>
    assert.throws(
      () => parseBatchCsv(text, 3),
      (e: unknown) => e instanceof ApiError && e.code === 'invalid_request' && pattern.test(e.message),
    );
  refused('', /empty/);
  refused('title.text\n', /no rows/);
  refused('title\nx\n', /element\.property/);
  refused('a.text,a.text\nx,y\n', /twice/);
  refused('a.text\n1\n2\n3\n4\n', /at most 3/);
  refused('a.text\n"unclosed\n', /could not be read/);
});

test("a header naming Object.prototype's keys reaches no shared object", () => {
  const keys = Object.keys;
  // Each row's changes are plain objects, so an element named like a prototype member must be an own entry.
  const rows = parseBatchCsv('constructor.keys,toString.call,title.constructor\nx,y,z\n');
  assert.equal(Object.keys, keys);
  assert.equal(typeof Object.prototype.toString.call, 'function');
  assert.deepEqual(rows[0].elements, { constructor: { keys: 'x' }, toString: { call: 'y' }, title: { constructor: 'z' } });
  assert.equal(Object.getPrototypeOf(rows[0].elements.constructor), Object.prototype);
  for (const header of ['__proto__.text', 'title.__proto__']) {
    assert.throws(
      () => parseBatchCsv(`${header}\nx\n`),
      (e: unknown) => e instanceof ApiError && e.code === 'invalid_request' && e.message.includes(header),
    );
  }
  assert.equal(({} as Record<string, unknown>).text, undefined);
});

test('a quote inside an unquoted cell is kept as text, as spreadsheets read it', () => {
  assert.deepEqual(parseBatchCsv('title.text,note.text\n5" screen,=HYPERLINK("x")\n'), [{ row: 1, elements: { title: { text: '5" screen' }, note: { text: '=HYPERLINK("x")' } } }]);
});
