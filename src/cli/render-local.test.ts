import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseSets } from './render-local.js';

test('--set splits at the last dot before "=", as signed URLs and batch sheets do: element names may hold dots, values may hold "="', () => {
  assert.deepEqual(parseSets(['card.v2.title.text=a=b', 'logo.src=https://x.test/a.png?x=1']), {
    'card.v2.title': { text: 'a=b' },
    logo: { src: 'https://x.test/a.png?x=1' },
  });
  for (const bad of ['title=x', '.text=x', 'title.=x', 'title.text']) assert.throws(() => parseSets([bad]), /must look like element\.property=value/);
});
