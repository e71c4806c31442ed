import { Group, type FabricObject } from 'fabric';
import type { DocumentStore } from '../document-store.js';
import { checkName } from '../names.js';
import { fieldId, h, icon, pathIcon } from './dom.js';

const nameOf = (o: FabricObject) => String((o as { name?: unknown }).name ?? '');

/** Top of the list = front of the canvas, as in every design tool. */
export function renderLayers(root: HTMLElement, store: DocumentStore, errorsByName: ReadonlyMap<string, string[]>): void {
  const objects = store.objects();
  const selection = store.selection();
  const list = h('ol', { class: 'layers', 'aria-label': 'Layers, front first' });
  objects
    .map((o, index) => ({ o, index }))
    .reverse()
    .forEach(({ o, index }) => {
      const name = nameOf(o);
      const id = fieldId('layer-name');
      const input = h('input', { id, type: 'text', value: name, class: 'layer-name', spellcheck: 'false', autocomplete: 'off' });
      const problem = h('p', { class: 'field-error', role: 'alert', hidden: true });
      input.addEventListener('change', () => {
        const error = checkName(input.value, store.names(o));
        if (error) {
          problem.textContent = error;
          problem.hidden = false;
          input.setAttribute('aria-invalid', 'true');
          return;
        }
        void store.set(o, { name: input.value }, true);
      });
      // Focusing the name does not select the object: selecting re-renders this list, which would replace the field being typed in.
      const serverErrors = errorsByName.get(name) ?? [];
      const locked = store.isLocked(o);
      const item = h(
        'li',
        { class: `layer${selection.includes(o) ? ' selected' : ''}${serverErrors.length ? ' has-error' : ''}`, 'data-name': name },
        h(
          'button',
          {
            type: 'button',
            class: 'layer-kind',
            title: `Select ${name} (Shift or Ctrl+click: add to the selection)`,
            'aria-label': `Select ${name}`,
            'aria-pressed': String(selection.includes(o)),
            onclick: (event: Event) => {
              const e = event as MouseEvent;
              if (!(e.shiftKey || e.ctrlKey || e.metaKey)) return store.select(o);
              // Toggle: Shift/Ctrl+click adds an object to the selection, or takes it out.
              store.selectMany(selection.includes(o) ? selection.filter((x) => x !== o) : [...selection, o].sort((a, b) => objects.indexOf(a) - objects.indexOf(b)));
            },
          },
          kindLabel(o),
        ),
        h('label', { for: id, class: 'visually-hidden' }, `Name of layer ${objects.length - index}`),
        input,
        h(
          'button',
          {
            type: 'button',
            class: 'icon',
            'aria-pressed': String(!o.visible),
            title: o.visible ? 'Hide' : 'Show',
            'aria-label': `${o.visible ? 'Hide' : 'Show'} ${name}`,
            onclick: () => void store.set(o, { visible: !o.visible }, true),
          },
          icon(o.visible ? 'eye' : 'eye-off'),
        ),
        h(
          'button',
          {
            type: 'button',
            class: 'icon',
            'aria-pressed': String(locked),
            title: locked ? 'Unlock' : 'Lock',
            'aria-label': `${locked ? 'Unlock' : 'Lock'} ${name}`,
            onclick: () => store.setLocked(o, !locked),
          },
          icon(locked ? 'lock' : 'unlock'),
        ),
        h(
          'button',
          {
            type: 'button',
            class: 'icon',
            title: 'Bring forward',
            'aria-label': `Bring ${name} forward`,
            disabled: index === objects.length - 1,
            onclick: () => store.moveTo(o, index + 1),
          },
          icon('up'),
        ),
        h(
          'button',
          { type: 'button', class: 'icon', title: 'Send backward', 'aria-label': `Send ${name} backward`, disabled: index === 0, onclick: () => store.moveTo(o, index - 1) },
          icon('down'),
        ),
        problem,
        ...serverErrors.map((m) => h('p', { class: 'field-error server', role: 'alert' }, m)),
      );
      list.append(item);
      if (o instanceof Group) list.append(...childRows(o, store, errorsByName));
    });
  root.replaceChildren(objects.length ? list : h('p', { class: 'empty' }, 'No objects yet. Add text or a shape above; each gets a name API callers use to change it.'));
}

/**
 * A group's children, front first, indented under it: each keeps its own
 * name (the API addresses it), renamed here; moving or styling them is done
 * on the group, or after ungrouping.
 */
function childRows(group: Group, store: DocumentStore, errorsByName: ReadonlyMap<string, string[]>): HTMLElement[] {
  return [...group.getObjects()].reverse().flatMap((child) => {
    const name = nameOf(child);
    const id = fieldId('layer-name');
    const input = h('input', { id, type: 'text', value: name, class: 'layer-name', spellcheck: 'false', autocomplete: 'off' });
    const problem = h('p', { class: 'field-error', role: 'alert', hidden: true });
    input.addEventListener('change', () => {
      const error = checkName(input.value, store.names(child));
      problem.textContent = error ?? '';
      problem.hidden = !error;
      if (error) return input.setAttribute('aria-invalid', 'true');
      void store.set(child, { name: input.value }, true);
    });
    const serverErrors = errorsByName.get(name) ?? [];
    const nested = child instanceof Group ? childRows(child, store, errorsByName) : [];
    return [
      h(
        'li',
        { class: `layer child${serverErrors.length ? ' has-error' : ''}`, 'data-name': name },
        h(
          'button',
          {
            type: 'button',
            class: 'layer-kind',
            title: `Select ${nameOf(group)}, the group holding ${name}`,
            'aria-label': `Select ${nameOf(group)}, which holds ${name}`,
            onclick: () => store.select(group),
          },
          kindLabel(child),
        ),
        h('label', { for: id, class: 'visually-hidden' }, `Name of ${name} in group ${nameOf(group)}`),
        input,
        problem,
        ...serverErrors.map((m) => h('p', { class: 'field-error server', role: 'alert' }, m)),
      ),
      ...nested,
    ];
  });
}

function kindLabel(o: FabricObject): string | SVGSVGElement {
  switch (o.type.toLowerCase()) {
    case 'textbox':
    case 'i-text':
    case 'text':
      return 'T';
    case 'rect':
      return '▭';
    case 'circle':
      return '◯';
    case 'ellipse':
      return '◯';
    case 'triangle':
      return '△';
    case 'polygon':
      return (o as { name?: unknown }).name?.toString().startsWith('star') ? '☆' : '⬡';
    case 'line':
      return '╱';
    case 'image':
      return '▣';
    case 'group':
      // Two overlapping frames: the fonts of a bare Linux browser lack the Unicode symbol for it.
      return pathIcon(['M3 3h12v12H3z', 'M9 9h12v12H9z']);
    default:
      return '◆';
  }
}
