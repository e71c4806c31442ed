/**
 * Alignment, distribution and snapping as arithmetic on boxes, knowing
 * nothing of Fabric or the DOM (tested in Node). Boxes are axis-aligned
 * bounding boxes in template pixels, as Fabric's getBoundingRect() gives
 * them: a rotated object aligns by what the eye sees, its outer box.
 */

export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

export interface Offset {
  dx: number;
  dy: number;
}

export type AlignEdge = 'left' | 'center' | 'right' | 'top' | 'middle' | 'bottom';

/** The smallest box holding them all. */
export function unionBox(boxes: readonly Box[]): Box {
  if (boxes.length === 0) return { left: 0, top: 0, width: 0, height: 0 };
  const left = Math.min(...boxes.map((b) => b.left));
  const top = Math.min(...boxes.map((b) => b.top));
  const right = Math.max(...boxes.map((b) => b.left + b.width));
  const bottom = Math.max(...boxes.map((b) => b.top + b.height));
  return { left, top, width: right - left, height: bottom - top };
}

/** How far each box moves so its edge (or centre) lines up with the same edge of `target`. */
export function alignOffsets(boxes: readonly Box[], edge: AlignEdge, target: Box): Offset[] {
  return boxes.map((b) => {
    switch (edge) {
      case 'left':
        return { dx: target.left - b.left, dy: 0 };
      case 'center':
        return { dx: target.left + target.width / 2 - (b.left + b.width / 2), dy: 0 };
      case 'right':
        return { dx: target.left + target.width - (b.left + b.width), dy: 0 };
      case 'top':
        return { dx: 0, dy: target.top - b.top };
      case 'middle':
        return { dx: 0, dy: target.top + target.height / 2 - (b.top + b.height / 2) };
      case 'bottom':
        return { dx: 0, dy: target.top + target.height - (b.top + b.height) };
    }
  });
}

/**
 * Equal gaps between neighbours along an axis, the outermost two staying
 * where they are (as design tools do). Boxes are ordered by their
 * leading edge; offsets come back in the input's order. Fewer than three
 * boxes have nothing to distribute.
 */
export function distributeOffsets(boxes: readonly Box[], axis: 'x' | 'y'): Offset[] {
  const none = boxes.map(() => ({ dx: 0, dy: 0 }));
  if (boxes.length < 3) return none;
  const start = (b: Box) => (axis === 'x' ? b.left : b.top);
  const size = (b: Box) => (axis === 'x' ? b.width : b.height);
  const order = boxes.map((b, i) => ({ b, i })).sort((p, q) => start(p.b) - start(q.b) || p.i - q.i);
  const first = order[0].b;
  const last = order[order.length - 1].b;
  const span = start(last) + size(last) - start(first);
  const occupied = order.reduce((sum, { b }) => sum + size(b), 0);
  const gap = (span - occupied) / (order.length - 1);
  let cursor = start(first);
  for (const { b, i } of order) {
    const d = cursor - start(b);
    none[i] = axis === 'x' ? { dx: d, dy: 0 } : { dx: 0, dy: d };
    cursor += size(b) + gap;
  }
  return none;
}

/** A guide line: vertical (`axis: 'x'`, at x = position, from y = from to y = to) or horizontal. */
export interface Guide {
  axis: 'x' | 'y';
  position: number;
  from: number;
  to: number;
}

export interface Snap extends Offset {
  guides: Guide[];
}

/** Left, centre and right (or top, middle, bottom) of a box. */
function lines(b: Box, axis: 'x' | 'y'): number[] {
  const s = axis === 'x' ? b.left : b.top;
  const n = axis === 'x' ? b.width : b.height;
  return [s, s + n / 2, s + n];
}

/**
 * Where a moving box snaps: on each axis, the nearest pair of (edge or
 * centre of the moving box, edge or centre of the page or another object)
 * closer than `threshold`, if any. The guides are every line the snapped box
 * then touches, spanning the objects they relate.
 */
export function snapBox(moving: Box, others: readonly Box[], page: Box, threshold: number): Snap {
  const targets = [page, ...others];
  const best = (axis: 'x' | 'y'): number => {
    let delta = 0;
    let distance = Infinity;
    for (const m of lines(moving, axis)) {
      for (const t of targets) {
        for (const c of lines(t, axis)) {
          const d = c - m;
          if (Math.abs(d) <= threshold && Math.abs(d) < distance) {
            distance = Math.abs(d);
            delta = d;
          }
        }
      }
    }
    return delta;
  };
  const dx = best('x');
  const dy = best('y');
  const snapped: Box = { ...moving, left: moving.left + dx, top: moving.top + dy };
  return { dx, dy, guides: guidesAt(snapped, targets, () => true) };
}

/** Every line of `snapped` (those `shown` lets through) that touches a line of a target, spanning the boxes it relates. */
function guidesAt(snapped: Box, targets: readonly Box[], shown: (axis: 'x' | 'y', line: number) => boolean): Guide[] {
  const guides: Guide[] = [];
  for (const axis of ['x', 'y'] as const) {
    const cross = axis === 'x' ? 'y' : 'x';
    for (const [i, m] of lines(snapped, axis).entries()) {
      if (!shown(axis, i)) continue;
      const related = targets.filter((t) => lines(t, axis).some((c) => Math.abs(c - m) < 0.5));
      if (related.length === 0) continue;
      const spans = [snapped, ...related].map((b) => lines(b, cross));
      guides.push({ axis, position: m, from: Math.min(...spans.map((s) => s[0])), to: Math.max(...spans.map((s) => s[2])) });
    }
  }
  return guides;
}

/** Which edge a resize drags on each axis: the leading one (left/top), the trailing one (right/bottom), or neither. */
export interface DraggedEdges {
  x: 'start' | 'end' | null;
  y: 'start' | 'end' | null;
}

/**
 * Where a box being resized snaps: each dragged edge goes to the nearest edge
 * or centre of the page or another object closer than `threshold`; the other
 * edges stay. `proportional` (a corner keeping the aspect ratio) snaps the
 * axis that is closer and scales the other with it. Guides show the dragged
 * edges only: the fixed ones did not move, so lining up is not news.
 */
export function snapResize(resized: Box, dragged: DraggedEdges, others: readonly Box[], page: Box, threshold: number, proportional: boolean): { box: Box; guides: Guide[] } {
  const targets = [page, ...others];
  const delta = (axis: 'x' | 'y'): number => {
    const edge = dragged[axis];
    if (!edge) return 0;
    const m = lines(resized, axis)[edge === 'start' ? 0 : 2];
    let best = 0;
    for (const t of targets) for (const c of lines(t, axis)) if (Math.abs(c - m) <= threshold && (best === 0 || Math.abs(c - m) < Math.abs(best))) best = c - m;
    return best;
  };
  // Growth of each dimension when its dragged edge moves by d: a leading edge grows the box when it moves back.
  const growth = (axis: 'x' | 'y', d: number) => (dragged[axis] === 'start' ? -d : d);
  let dw = growth('x', delta('x'));
  let dh = growth('y', delta('y'));
  if (proportional && resized.width > 0 && resized.height > 0) {
    const ratio = dw !== 0 && (dh === 0 || Math.abs(dw) <= Math.abs(dh)) ? (resized.width + dw) / resized.width : (resized.height + dh) / resized.height;
    dw = resized.width * (ratio - 1);
    dh = resized.height * (ratio - 1);
  }
  const box: Box = {
    left: dragged.x === 'start' ? resized.left - dw : dragged.x === 'end' ? resized.left : resized.left - dw / 2,
    top: dragged.y === 'start' ? resized.top - dh : dragged.y === 'end' ? resized.top : resized.top - dh / 2,
    width: resized.width + dw,
    height: resized.height + dh,
  };
  const shown = (axis: 'x' | 'y', i: number) => (dragged[axis] === 'start' && i === 0) || (dragged[axis] === 'end' && i === 2);
  return { box, guides: guidesAt(box, targets, shown) };
}
