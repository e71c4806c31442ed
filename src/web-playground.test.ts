import assert from 'node:assert/strict';
import path from 'node:path';
import { before, test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { repoRoot } from './repo-root.js';

/** The playground's request body (web/js/playground-changes.js): plain functions, run here without a browser. */
interface Changes {
  fieldValue(field: { type: string }, raw: string | boolean): unknown;
  changesOf(edits: Array<[string, Array<[string, unknown]>]>): Record<string, Record<string, unknown>>;
  generateBody(templateId: string, changes: Record<string, unknown>, options?: { format?: string; scale?: number }): Record<string, unknown>;
  previewBody(templateId: string, changes: Record<string, unknown>): Record<string, unknown>;
}
let m: Changes;

before(async () => {
  m = (await import(pathToFileURL(path.join(repoRoot(), 'web', 'js', 'playground-changes.js')).href)) as Changes;
});

test('input text becomes the value type the API takes; an emptied field is left as the template has it', () => {
  assert.equal(m.fieldValue({ type: 'number' }, ' 24 '), 24);
  assert.equal(m.fieldValue({ type: 'number' }, ''), undefined);
  assert.equal(m.fieldValue({ type: 'boolean' }, false), false);
  assert.equal(m.fieldValue({ type: 'fontWeight' }, '700'), 700);
  assert.equal(m.fieldValue({ type: 'fontWeight' }, 'bold'), 'bold');
  assert.equal(m.fieldValue({ type: 'color' }, ' #FF0000 '), '#FF0000');
  assert.equal(m.fieldValue({ type: 'text' }, '  spaced  '), '  spaced  ', 'text is sent exactly as typed');
});

test('every changed property of every element is in the body, and nothing else', () => {
  const changes = m.changesOf([
    [
      'title',
      [
        ['text', 'Hi'],
        ['fontSize', 40],
        ['underline', true],
      ],
    ],
    ['background', []],
    ['__proto__', [['opacity', 0.5]]],
  ]);
  assert.deepEqual(Object.keys(changes), ['title', '__proto__']);
  assert.deepEqual(changes.title, { text: 'Hi', fontSize: 40, underline: true });
  assert.equal(Object.getPrototypeOf(changes), Object.prototype, 'an element named __proto__ stays an element');
  assert.deepEqual(m.generateBody('tpl_1', changes, { format: 'webp', scale: 2 }), { templateId: 'tpl_1', elements: changes, format: 'webp', scale: 2 });
  assert.deepEqual(m.generateBody('tpl_1', {}, { format: 'png', scale: 1 }), { templateId: 'tpl_1' });
  assert.deepEqual(m.previewBody('tpl_1', changes), { templateId: 'tpl_1', elements: changes }, 'a preview sends the same changes, always PNG at 1×');
});
