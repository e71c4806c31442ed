import type { FabricObject } from 'fabric';
import type { DocumentStore } from '../document-store.js';
import { checkName } from '../names.js';
import { fieldId, h, icon } from './dom.js';

const nameOf = (o: FabricObject) => String((o as { name?: unknown }).name ?? '');

/** Top of the list = front of the canvas, as in every design tool. */
export function renderLayers(root: HTMLElement, store: DocumentStore, errorsByName: ReadonlyMap<string, string[]>): void {
  const objects = store.objects();
  const selected = store.selected();
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
        { class: `layer${o === selected ? ' selected' : ''}${serverErrors.length ? ' has-error' : ''}`, 'data-name': name },
        h('button', { type: 'button', class: 'layer-kind', title: `Select ${name}`, 'aria-label': `Select ${name}`, onclick: () => store.select(o) }, kindLabel(o)),
        h('label', { for: id, class: 'visually-hidden' }, `Name of layer ${objects.length - index}`),
        input,
        h('button', { type: 'button', class: 'icon', 'aria-pressed': String(!o.visible), title: o.visible ? 'Hide' : 'Show', 'aria-label': `${o.visible ? 'Hide' : 'Show'} ${name}`, onclick: () => void store.set(o, { visible: !o.visible }, true) }, icon(o.visible ? 'eye' : 'eye-off')),
        h('button', { type: 'button', class: 'icon', 'aria-pressed': String(locked), title: locked ? 'Unlock' : 'Lock', 'aria-label': `${locked ? 'Unlock' : 'Lock'} ${name}`, onclick: () => store.setLocked(o, !locked) }, icon(locked ? 'lock' : 'unlock')),
        h('button', { type: 'button', class: 'icon', title: 'Bring forward', 'aria-label': `Bring ${name} forward`, disabled: index === objects.length - 1, onclick: () => store.moveTo(o, index + 1) }, icon('up')),
        h('button', { type: 'button', class: 'icon', title: 'Send backward', 'aria-label': `Send ${name} backward`, disabled: index === 0, onclick: () => store.moveTo(o, index - 1) }, icon('down')),
        problem,
        ...serverErrors.map((m) => h('p', { class: 'field-error server', role: 'alert' }, m)),
      );
      list.append(item);
    });
  root.replaceChildren(
    objects.length ? list : h('p', { class: 'empty' }, 'No objects yet. Add text or a shape above; each gets a name API callers use to change it.'),
  );
}

function kindLabel(o: FabricObject): string {
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
    default:
      return '◆';
  }
}
