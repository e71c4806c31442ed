import assert from 'node:assert/strict';
import { test } from 'node:test';
// fabric/node: Fabric with jsdom (the goldens' and the bench's Fabric), for an image element outside a browser.
import * as fabric from 'fabric/node';
import type { SupportedType } from './fabric-types.js';
import { COMMON_PROPERTIES, PROPERTIES_FABRIC_DOES_NOT_SAVE, TYPE_PROPERTIES } from './object-properties.js';

// The editor saves through Fabric's toObject(EXTRA_PROPERTIES). A property the
// server accepts but Fabric does not serialize by itself is lost on every save
// unless the editor asks for it: PROPERTIES_FABRIC_DOES_NOT_SAVE must list them all.

const CLASSES: Record<SupportedType, typeof fabric.FabricObject> = {
  rect: fabric.Rect,
  circle: fabric.Circle,
  ellipse: fabric.Ellipse,
  triangle: fabric.Triangle,
  line: fabric.Line,
  polygon: fabric.Polygon,
  polyline: fabric.Polyline,
  path: fabric.Path,
  image: fabric.FabricImage,
  group: fabric.Group,
  text: fabric.FabricText,
  'i-text': fabric.IText,
  textbox: fabric.Textbox,
} as unknown as Record<SupportedType, typeof fabric.FabricObject>;

/** Objects of each drawn class that Fabric builds without a canvas (texts need node-canvas to measure, so they are judged by their defaults). */
function sample(type: SupportedType): fabric.FabricObject | null {
  switch (type) {
    case 'rect':
      return new fabric.Rect();
    case 'circle':
      return new fabric.Circle();
    case 'ellipse':
      return new fabric.Ellipse();
    case 'triangle':
      return new fabric.Triangle();
    case 'line':
      return new fabric.Line([0, 0, 10, 10]);
    case 'polygon':
      return new fabric.Polygon([{ x: 0, y: 0 }]);
    case 'polyline':
      return new fabric.Polyline([{ x: 0, y: 0 }]);
    case 'path':
      return new fabric.Path('M 0 0 L 10 10');
    case 'image':
      return new fabric.FabricImage(fabric.getFabricDocument().createElement('img'));
    case 'group':
      return new fabric.Group([]);
    default:
      return null;
  }
}

/** What Fabric's toObject writes for a type with no help: its defaults and whatever toObject itself adds. */
function serializedByFabric(type: SupportedType): Set<string> {
  const written = new Set([...Object.keys(fabric.FabricObject.ownDefaults), ...Object.keys(new fabric.Rect().toObject())]);
  // Defaults are inherited: a Textbox writes FabricText's and IText's too.
  for (let cls: unknown = CLASSES[type]; cls && cls !== Function.prototype; cls = Object.getPrototypeOf(cls)) {
    if (Object.hasOwn(cls as object, 'ownDefaults')) for (const key of Object.keys((cls as { ownDefaults: object }).ownDefaults)) written.add(key);
  }
  // Text's toObject writes these itself.
  if (type === 'text' || type === 'i-text' || type === 'textbox') for (const key of ['text', 'styles']) written.add(key);
  for (const key of Object.keys(sample(type)?.toObject() ?? {})) written.add(key);
  // Written only when set (clipPath, and inverted/absolutePositioned on it; an image's resizeFilter), and the API's handle, which the editor lists itself.
  for (const key of ['clipPath', 'inverted', 'absolutePositioned', 'resizeFilter', 'name']) written.add(key);
  // Accepted on a Text or IText only because Fabric keeps and ignores them there (a Textbox draws them): losing them on save changes no pixel.
  if (type === 'text' || type === 'i-text') for (const key of ['splitByGrapheme', 'minWidth']) written.add(key);
  return written;
}

test('every property the server accepts is either written by Fabric or listed in PROPERTIES_FABRIC_DOES_NOT_SAVE, so an editor save keeps it', () => {
  const unlisted: string[] = [];
  for (const type of Object.keys(TYPE_PROPERTIES) as SupportedType[]) {
    const written = serializedByFabric(type);
    for (const property of Object.keys({ ...COMMON_PROPERTIES, ...TYPE_PROPERTIES[type] })) {
      if (!written.has(property) && !(PROPERTIES_FABRIC_DOES_NOT_SAVE as readonly string[]).includes(property)) unlisted.push(`${type}.${property}`);
    }
  }
  assert.deepEqual(unlisted, [], 'accepted by the server, dropped by Fabric on save');
});

test("the listed properties are dropped by Fabric's toObject unless listed, and kept when they are", () => {
  const values: Record<(typeof PROPERTIES_FABRIC_DOES_NOT_SAVE)[number], unknown> = { textFit: 'shrink', minFontSize: 9, fit: 'contain', textDecorationColor: '#ff0000' };
  for (const property of PROPERTIES_FABRIC_DOES_NOT_SAVE) {
    // Serialization is the same for every class; a Textbox would need node-canvas to measure.
    const object = property === 'fit' ? new fabric.FabricImage(fabric.getFabricDocument().createElement('img')) : new fabric.Rect({ width: 200, height: 50 });
    (object as unknown as Record<string, unknown>)[property] = values[property];
    assert.equal(property in object.toObject(), false, `Fabric now serializes ${property} by itself: it no longer needs listing`);
    assert.equal((object.toObject([...PROPERTIES_FABRIC_DOES_NOT_SAVE]) as unknown as Record<string, unknown>)[property], values[property]);
  }
});
