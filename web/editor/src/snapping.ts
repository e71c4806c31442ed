/**
 * Snapping while dragging: the moving object's edges and centre snap to the
 * page's and to other objects' edges and centres, and guide lines show what
 * it lined up with. While resizing, the dragged edges snap the same way (an
 * unrotated object only: a rotated one's edges are not its outer box's). Guides are drawn on Fabric's top canvas (the layer for
 * selection boxes), never as objects, so they are not saved, undone or
 * exported. Alt held while dragging turns snapping off.
 */
import { ActiveSelection, type Canvas, type FabricObject, type TPointerEvent, type Transform } from 'fabric';
import type { DocumentStore } from './document-store.js';
import { snapBox, snapResize, type Box, type DraggedEdges, type Guide } from './layout.js';

/** Screen pixels within which an edge snaps: close enough to catch, far enough to place freely in between. */
export const SNAP_SCREEN_PX = 6;
const GUIDE_COLOR = '#e11d48';

/** `skip`: an object that is being dragged for another purpose (an image in crop mode slides its picture, it does not move). */
export function installSnapping(canvas: Canvas, store: DocumentStore, skip: (target: FabricObject) => boolean = () => false): void {
  let guides: Guide[] = [];
  let drawn = false;
  const othersThan = (moving: readonly FabricObject[]): Box[] =>
    store
      .objects()
      .filter((o) => o.visible && !moving.includes(o))
      .map((o) => o.getBoundingRect());
  const pageBox = (): Box => ({ left: 0, top: 0, width: store.width, height: store.height });

  canvas.on('object:moving', ({ target, e }: { target: FabricObject; e: TPointerEvent }) => {
    guides = [];
    if ((e as MouseEvent).altKey || skip(target)) return;
    // Fabric moves left/top without refreshing the cached corners: measure where it is now.
    target.setCoords();
    const moving = target instanceof ActiveSelection ? target.getObjects() : [target];
    // The threshold is in screen pixels, so it feels the same at every zoom.
    const snap = snapBox(target.getBoundingRect(), othersThan(moving), pageBox(), SNAP_SCREEN_PX / canvas.getZoom());
    if (snap.dx || snap.dy) {
      target.set({ left: target.left + snap.dx, top: target.top + snap.dy });
      target.setCoords();
    }
    guides = snap.guides;
  });

  canvas.on('object:scaling', ({ target, e, transform }: { target: FabricObject; e: TPointerEvent; transform: Transform }) => {
    guides = [];
    if ((e as MouseEvent).altKey || skip(target) || target.angle % 360 !== 0) return;
    const dragged = draggedEdges(transform);
    if (!dragged.x && !dragged.y) return;
    target.setCoords();
    const moving = target instanceof ActiveSelection ? target.getObjects() : [target];
    const before = target.getBoundingRect();
    const proportional = dragged.x !== null && dragged.y !== null && canvas.uniformScaling !== Boolean((e as MouseEvent)[canvas.uniScaleKey as 'shiftKey']);
    const { box, guides: found } = snapResize(before, dragged, othersThan(moving), pageBox(), SNAP_SCREEN_PX / canvas.getZoom(), proportional);
    if (box.width !== before.width || box.height !== before.height) {
      // The outer box is (size + stroke) × scale, or size × scale + stroke when the stroke keeps its width.
      const fixed = target.strokeUniform ? target.strokeWidth : 0;
      const anchor = target.getPositionByOrigin(transform.originX, transform.originY);
      target.set({
        scaleX: (target.scaleX * (box.width - fixed)) / (before.width - fixed),
        scaleY: (target.scaleY * (box.height - fixed)) / (before.height - fixed),
      });
      target.setPositionByOrigin(anchor, transform.originX, transform.originY);
      target.setCoords();
    }
    guides = found;
  });

  const clear = () => {
    guides = [];
    if (drawn) {
      canvas.clearContext(canvas.contextTop);
      drawn = false;
    }
  };
  canvas.on('mouse:up', clear);
  canvas.on('selection:cleared', clear);
  // Fabric redraws the lower canvas without clearing the top one; guides from the last frame must go first.
  canvas.on('before:render', () => {
    if (drawn) {
      canvas.clearContext(canvas.contextTop);
      drawn = false;
    }
  });
  canvas.on('after:render', () => {
    if (!guides.length) return;
    const ctx = canvas.contextTop;
    const [a, , , d, e, f] = canvas.viewportTransform;
    ctx.save();
    ctx.strokeStyle = GUIDE_COLOR;
    ctx.lineWidth = 1;
    ctx.setLineDash([4, 3]);
    ctx.beginPath();
    for (const g of guides) {
      // Half-pixel offsets keep a 1 px line crisp on the screen's grid.
      if (g.axis === 'x') {
        const x = Math.round(g.position * a + e) + 0.5;
        ctx.moveTo(x, g.from * d + f);
        ctx.lineTo(x, g.to * d + f);
      } else {
        const y = Math.round(g.position * d + f) + 0.5;
        ctx.moveTo(g.from * a + e, y);
        ctx.lineTo(g.to * a + e, y);
      }
    }
    ctx.stroke();
    ctx.restore();
    drawn = true;
  });
}

/**
 * The edges a scaling drag moves: the anchor (the transform's origin) stays,
 * so a handle on the right with the anchor on the left drags the right edge.
 * Scaling from the centre (Alt in Fabric) moves both, and is left unsnapped.
 */
function draggedEdges(transform: Transform): DraggedEdges {
  const corner = transform.corner;
  const x = corner.includes('r') && transform.originX === 'left' ? 'end' : corner.includes('l') && transform.originX === 'right' ? 'start' : null;
  const y = corner.includes('b') && transform.originY === 'top' ? 'end' : corner.includes('t') && transform.originY === 'bottom' ? 'start' : null;
  return { x, y };
}
