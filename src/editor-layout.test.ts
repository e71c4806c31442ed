/** The editor's selection maths (web/editor/src), tested in Node: alignment, distribution, snapping, clipboard text, pasted names. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { formatClipboard, parseClipboard } from '../web/editor/src/clipboard-format.js';
import { alignOffsets, distributeOffsets, snapBox, snapResize, unionBox, type Box } from '../web/editor/src/layout.js';
import { dedupeNames, namesIn, uniqueName } from '../web/editor/src/names.js';

const box = (left: number, top: number, width: number, height: number): Box => ({ left, top, width, height });
const moved = (boxes: Box[], offsets: { dx: number; dy: number }[]) => boxes.map((b, i) => box(b.left + offsets[i].dx, b.top + offsets[i].dy, b.width, b.height));

test('align moves each box to the same edge or centre of the target, on one axis only', () => {
  const boxes = [box(10, 20, 100, 50), box(200, 80, 40, 40)];
  const bounds = unionBox(boxes);
  assert.deepEqual(bounds, box(10, 20, 230, 100));
  assert.deepEqual(
    moved(boxes, alignOffsets(boxes, 'left', bounds)).map((b) => b.left),
    [10, 10],
  );
  assert.deepEqual(
    moved(boxes, alignOffsets(boxes, 'right', bounds)).map((b) => b.left + b.width),
    [240, 240],
  );
  assert.deepEqual(
    moved(boxes, alignOffsets(boxes, 'center', bounds)).map((b) => b.left + b.width / 2),
    [125, 125],
  );
  assert.deepEqual(
    moved(boxes, alignOffsets(boxes, 'top', bounds)).map((b) => b.top),
    [20, 20],
  );
  assert.deepEqual(
    moved(boxes, alignOffsets(boxes, 'middle', bounds)).map((b) => b.top + b.height / 2),
    [70, 70],
  );
  assert.deepEqual(
    moved(boxes, alignOffsets(boxes, 'bottom', bounds)).map((b) => b.top + b.height),
    [120, 120],
  );
  assert.ok(
    alignOffsets(boxes, 'left', bounds).every((o) => o.dy === 0),
    'horizontal alignment never moves vertically',
  );
  // One object aligns to the page.
  assert.deepEqual(alignOffsets([box(10, 10, 100, 50)], 'center', box(0, 0, 1200, 630)), [{ dx: 540, dy: 0 }]);
});

test('distribute makes equal gaps between neighbours, the outermost staying put, whatever the input order', () => {
  const boxes = [box(300, 0, 50, 10), box(0, 0, 100, 10), box(500, 0, 100, 10), box(120, 5, 20, 10)];
  const result = moved(boxes, distributeOffsets(boxes, 'x'));
  const sorted = [...result].sort((a, b) => a.left - b.left);
  assert.equal(sorted[0].left, 0);
  assert.equal(sorted[3].left + sorted[3].width, 600);
  const gaps = sorted.slice(1).map((b, i) => b.left - (sorted[i].left + sorted[i].width));
  // span 600, occupied 270, three gaps of 110
  assert.deepEqual(gaps, [110, 110, 110]);
  assert.ok(
    result.every((b, i) => b.top === boxes[i].top),
    'horizontal distribution keeps y',
  );
  assert.deepEqual(
    distributeOffsets(boxes.slice(0, 2), 'y'),
    [
      { dx: 0, dy: 0 },
      { dx: 0, dy: 0 },
    ],
    'two objects have nothing to distribute',
  );
  const column = [box(0, 0, 10, 10), box(0, 15, 10, 10), box(0, 90, 10, 10)];
  assert.deepEqual(
    moved(column, distributeOffsets(column, 'y')).map((b) => [b.left, b.top]),
    [
      [0, 0],
      [0, 45],
      [0, 90],
    ],
  );
});

test('snapping pulls the nearest edge or centre within the threshold, and reports guides for what lines up', () => {
  const page = box(0, 0, 1200, 630);
  const other = box(100, 100, 200, 100);
  // Left edge 4 px right of the other's left edge: snaps; nothing within 6 px on y.
  const s = snapBox(box(104, 250, 50, 50), [other], page, 6);
  assert.equal(s.dx, -4);
  assert.equal(s.dy, 0);
  assert.deepEqual(s.guides, [{ axis: 'x', position: 100, from: 100, to: 300 }]);
  // Centre to the page's centre on both axes.
  const c = snapBox(box(573, 288, 50, 50), [], page, 6);
  assert.deepEqual([c.dx, c.dy], [2, 2]);
  assert.deepEqual(
    c.guides.map((g) => [g.axis, g.position]),
    [
      ['x', 600],
      ['y', 315],
    ],
  );
  // The nearest candidate wins; beyond the threshold nothing moves.
  assert.equal(snapBox(box(96, 400, 10, 10), [other], page, 6).dx, -1, 'the centre (101) is nearer the edge at 100 than the left edge (96) is');
  const far = snapBox(box(140, 400, 10, 10), [other], page, 6);
  assert.deepEqual([far.dx, far.dy, far.guides.length], [0, 0, 0]);
  // The threshold is what the caller passes (screen pixels / zoom): at 25% zoom 6 screen px are 24 template px.
  assert.equal(snapBox(box(120, 400, 10, 10), [other], page, 24).dx, -20);
});

test('resizing snaps the dragged edges only; a proportional corner scales the other side with the closer snap', () => {
  const page = box(0, 0, 1200, 630);
  const other = box(400, 100, 200, 100);
  // The right edge dragged to 397: snaps to the other's left edge (400); the left edge stays at 100.
  const right = snapResize(box(100, 300, 297, 50), { x: 'end', y: null }, [other], page, 6, false);
  assert.deepEqual(right.box, box(100, 300, 300, 50));
  assert.deepEqual(right.guides, [{ axis: 'x', position: 400, from: 100, to: 350 }]);
  // The left edge dragged to 603 (the right edge fixed at 700): snaps to the other's right edge (600).
  assert.deepEqual(snapResize(box(603, 300, 97, 50), { x: 'start', y: null }, [other], page, 6, false).box, box(600, 300, 100, 50));
  // A fixed edge that happens to line up is neither moved nor marked.
  const fixed = snapResize(box(402, 300, 150, 50), { x: 'end', y: null }, [other], page, 6, false);
  assert.deepEqual([fixed.box, fixed.guides], [box(402, 300, 150, 50), []]);
  // Proportional: x would move 3 (to 400), y 3 (to 207): a tie goes to x, and the height grows by the same ratio (300/297).
  const corner = snapResize(box(100, 105, 297, 99), { x: 'end', y: 'end' }, [other, box(0, 207, 10, 10)], page, 6, true);
  assert.deepEqual(corner.box, box(100, 105, 300, 100));
  assert.deepEqual(
    corner.guides.map((g) => [g.axis, g.position]),
    [['x', 400]],
  );
  // Free corner: both dragged edges snap on their own.
  assert.deepEqual(snapResize(box(100, 105, 297, 99), { x: 'end', y: 'end' }, [other, box(0, 207, 10, 10)], page, 6, false).box, box(100, 105, 300, 102));
});

test('clipboard text is a versioned wrapper; anything else is not ours', () => {
  const objects = [{ type: 'Rect', name: 'badge', left: 1 }];
  const text = formatClipboard(objects);
  assert.deepEqual(parseClipboard(text), { objects });
  assert.match(text, /"kind":"imprint\/fabric-objects"/);
  for (const other of [
    '',
    'hello',
    '{"objects":[{"type":"Rect"}]}',
    '[1,2]',
    '{not json',
    JSON.stringify({ kind: 'imprint/fabric-objects', version: 2, objects }),
    JSON.stringify({ kind: 'imprint/fabric-objects', version: 1, objects: [] }),
    JSON.stringify({ kind: 'imprint/fabric-objects', version: 1, objects: [{ name: 'no type' }] }),
    JSON.stringify({ kind: 'imprint/fabric-objects', version: 1, objects: [null] }),
  ]) {
    assert.equal(parseClipboard(other), null, other);
  }
});

test('pasted names are de-duplicated through groups; free names are kept; groups get readable names', () => {
  const taken = new Set(['title', 'badge', 'group-1']);
  const pasted = dedupeNames(
    [
      { type: 'Textbox', name: 'title' },
      {
        type: 'Group',
        name: 'group-1',
        objects: [
          { type: 'Rect', name: 'badge' },
          { type: 'Circle', name: 'dot' },
        ],
      },
      { type: 'Rect', name: 'badge' },
    ],
    taken,
  );
  assert.deepEqual([...namesIn(pasted)], ['title-2', 'group-2', 'badge-2', 'dot', 'badge-3']);
  assert.equal(new Set([...namesIn(pasted), ...taken]).size, taken.size + 5, 'every name unique across both');
  assert.equal(uniqueName('group', taken), 'group-2');
  assert.equal(uniqueName('group', new Set()), 'group-1');
});
