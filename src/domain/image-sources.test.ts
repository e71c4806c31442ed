import assert from 'node:assert/strict';
import { test } from 'node:test';
import { imageSources } from './image-sources.js';
import type { TemplateDocument } from './template.js';

test('imageSources finds every image Fabric draws, once, in paint order, named by its first user', () => {
  const doc = {
    width: 100,
    height: 100,
    background: { type: 'pattern', source: 'https://a.test/bg-pattern.png', repeat: 'repeat' },
    backgroundImage: { type: 'Image', src: 'https://a.test/background.png' },
    objects: [
      { type: 'Image', name: 'photo', src: 'https://a.test/1.png' },
      { type: 'image', src: 'https://a.test/1.png' },
      { type: 'Group', objects: [{ type: 'Image', name: 'inner', src: 'https://a.test/2.png' }] },
      { type: 'Rect', name: 'box', clipPath: { type: 'Image', src: 'https://a.test/3.png' } },
      { type: 'Rect', clipPath: { type: 'Group', objects: [{ type: 'Rect', clipPath: { type: 'Image', src: 'https://a.test/4.png' } }] } },
      { type: 'Rect', fill: { type: 'pattern', source: 'https://a.test/fill.png' }, stroke: { type: 'pattern', source: 'https://a.test/stroke.png' } },
      {
        type: 'Image',
        name: 'blended',
        src: 'https://a.test/5.png',
        filters: [{ type: 'Grayscale' }, { type: 'BlendImage', image: { type: 'Image', src: 'https://a.test/mask.png' } }],
      },
      { type: 'Image', name: 'empty', src: '' },
      {
        type: 'Text',
        name: 'curved',
        text: 'On a path',
        fill: { type: 'pattern', source: 'https://a.test/text-fill.png' },
        path: {
          type: 'Path',
          path: [
            ['M', 0, 0],
            ['L', 10, 0],
          ],
          fill: { type: 'pattern', source: 'https://a.test/text-path.png' },
        },
      },
    ],
    clipPath: { type: 'Image', src: 'https://a.test/canvas-clip.png' },
    overlayImage: { type: 'Image', src: 'https://a.test/overlay.png' },
  } as unknown as TemplateDocument;
  assert.deepEqual(
    [...imageSources(doc)],
    [
      ['https://a.test/bg-pattern.png', 'background'],
      ['https://a.test/background.png', 'backgroundImage'],
      ['https://a.test/1.png', 'photo'],
      ['https://a.test/2.png', 'inner'],
      ['https://a.test/3.png', 'box.clipPath'],
      ['https://a.test/4.png', 'objects[4].clipPath.objects[0].clipPath'],
      ['https://a.test/fill.png', 'objects[5]'],
      ['https://a.test/stroke.png', 'objects[5]'],
      ['https://a.test/5.png', 'blended'],
      ['https://a.test/mask.png', 'blended'],
      ['https://a.test/text-path.png', 'curved.path'],
      ['https://a.test/text-fill.png', 'curved'],
      ['https://a.test/canvas-clip.png', 'clipPath'],
      ['https://a.test/overlay.png', 'overlayImage'],
    ],
  );
});
