/**
 * The arrange bar over the canvas: align, distribute, group and ungroup.
 * A function of the store: re-rendered on each change, buttons enabled only
 * when they would do something (align needs one object, distribute three).
 */
import { Group } from 'fabric';
import type { DocumentStore } from '../document-store.js';
import type { EditingTools } from '../editing-tools.js';
import type { AlignEdge } from '../layout.js';
import { h, pathIcon } from './dom.js';

const ALIGN: { edge: AlignEdge; label: string; paths: string[] }[] = [
  { edge: 'left', label: 'Align left', paths: ['M4 3v18', 'M8 6h10v4H8z', 'M8 14h6v4H8z'] },
  { edge: 'center', label: 'Align centres horizontally', paths: ['M12 3v18', 'M6 6h12v4H6z', 'M8 14h8v4H8z'] },
  { edge: 'right', label: 'Align right', paths: ['M20 3v18', 'M6 6h10v4H6z', 'M10 14h6v4h-6z'] },
  { edge: 'top', label: 'Align top', paths: ['M3 4h18', 'M6 8h4v10H6z', 'M14 8h4v6h-4z'] },
  { edge: 'middle', label: 'Align middles vertically', paths: ['M3 12h18', 'M6 6h4v12H6z', 'M14 8h4v8h-4z'] },
  { edge: 'bottom', label: 'Align bottom', paths: ['M3 20h18', 'M6 6h4v10H6z', 'M14 10h4v6h-4z'] },
];

const DISTRIBUTE: { axis: 'x' | 'y'; label: string; paths: string[] }[] = [
  { axis: 'x', label: 'Distribute horizontally', paths: ['M3 3v18', 'M21 3v18', 'M10 7h4v10h-4z'] },
  { axis: 'y', label: 'Distribute vertically', paths: ['M3 3h18', 'M3 21h18', 'M7 10h10v4H7z'] },
];

export function renderAlignToolbar(root: HTMLElement, store: DocumentStore, tools: EditingTools): void {
  const selection = store.selection();
  const n = selection.length;
  const target = n === 1 ? 'the page' : 'the selection';
  const button = (label: string, paths: string[], disabled: boolean, action: () => void, title = label) =>
    h('button', { type: 'button', class: 'icon', 'aria-label': label, title, disabled, onclick: action }, pathIcon(paths));
  // Rebuilt on every change: a keyboard user's focus stays on the button they pressed.
  const focused = root.contains(document.activeElement) ? (document.activeElement as HTMLElement).title : null;
  root.replaceChildren(
    h('span', { class: 'arrange-count', 'aria-live': 'polite' }, n === 0 ? 'Nothing selected' : n === 1 ? '1 selected' : `${n} selected`),
    ...ALIGN.map((a) => button(a.label, a.paths, n === 0, () => tools.align(a.edge), `${a.label} (to ${target})`)),
    h('span', { class: 'arrange-sep', 'aria-hidden': 'true' }),
    ...DISTRIBUTE.map((d) => button(d.label, d.paths, n < 3, () => tools.distribute(d.axis), `${d.label} (three or more objects)`)),
    h('span', { class: 'arrange-sep', 'aria-hidden': 'true' }),
    h('button', { type: 'button', title: 'Group (Ctrl+G)', disabled: n < 2, onclick: () => tools.group() }, 'Group'),
    h('button', { type: 'button', title: 'Ungroup (Ctrl+Shift+G)', disabled: !(n === 1 && selection[0] instanceof Group), onclick: () => tools.ungroup() }, 'Ungroup'),
  );
  if (focused) [...root.querySelectorAll<HTMLButtonElement>('button')].find((b) => b.title === focused && !b.disabled)?.focus();
}
