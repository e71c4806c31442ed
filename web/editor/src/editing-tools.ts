/**
 * What acts on the selection, one or many objects alike: copy/cut/paste
 * through the system clipboard, duplicate, delete, nudge, align, distribute,
 * group and ungroup. Each is one undo step, done through the store.
 */
import { Group } from 'fabric';
import { validateTemplate } from '../../../src/domain/template-schema.js';
import type { TemplateDocument } from '../../../src/domain/template.js';
import { copyObjects, readObjects } from './clipboard.js';
import type { DocumentStore } from './document-store.js';
import { alignOffsets, distributeOffsets, unionBox, type AlignEdge } from './layout.js';
import { dedupeNames } from './names.js';

export type Say = (message: string, kind?: 'info' | 'error' | 'ok') => void;

/** How far a paste or duplicate lands from its original, in template pixels. */
const PASTE_STEP = 20;

export class EditingTools {
  constructor(
    private readonly store: DocumentStore,
    private readonly say: Say,
    private readonly fontFamilies: () => string[],
  ) {}

  async copy(): Promise<void> {
    const objects = this.store.selection();
    if (!objects.length) return;
    const where = await copyObjects(this.store.serialize(objects));
    this.say(`Copied ${count(objects.length)}${where === 'tab' ? ' (in this tab only: the browser refused the clipboard)' : ''}.`, 'ok');
  }

  async cut(): Promise<void> {
    const objects = this.store.selection();
    if (!objects.length) return;
    await this.copy();
    this.store.remove(...objects);
  }

  async paste(): Promise<void> {
    const clip = await readObjects();
    if (!clip) return;
    await this.insert(clip.objects, PASTE_STEP * (clip.repeat + 1));
  }

  async duplicate(): Promise<void> {
    const objects = this.store.selection();
    if (objects.length) await this.insert(this.store.serialize(objects), PASTE_STEP);
  }

  /**
   * Objects from elsewhere (another tab's template, an older version) are
   * checked with the server's own schema first, as an import is: a paste
   * never brings in what Save would refuse.
   */
  private async insert(objects: Record<string, unknown>[], offset: number): Promise<void> {
    const renamed = dedupeNames(objects, this.store.names());
    const doc = { version: '7.4.0', width: this.store.width, height: this.store.height, objects: renamed } as unknown as TemplateDocument;
    const checked = validateTemplate(doc, { fontFamilies: this.fontFamilies() });
    if (!checked.ok) {
      this.say(
        `Not pasted: ${checked.issues
          .slice(0, 2)
          .map((i) => i.message)
          .join('; ')}`,
        'error',
      );
      return;
    }
    await this.store.paste(renamed, offset);
  }

  remove(): void {
    const objects = this.store.selection();
    if (objects.length) this.store.remove(...objects);
  }

  nudge(dx: number, dy: number): void {
    const objects = this.store.selection();
    if (objects.length) this.store.moveBy(objects, (boxes) => boxes.map(() => ({ dx, dy })));
  }

  /** Several objects line up with their common bounds; a single object with the page. */
  align(edge: AlignEdge): void {
    const objects = this.store.selection();
    if (!objects.length) return;
    const page = { left: 0, top: 0, width: this.store.width, height: this.store.height };
    this.store.moveBy(objects, (boxes) => alignOffsets(boxes, edge, objects.length === 1 ? page : unionBox(boxes)));
  }

  distribute(axis: 'x' | 'y'): void {
    const objects = this.store.selection();
    if (objects.length >= 3) this.store.moveBy(objects, (boxes) => distributeOffsets(boxes, axis));
  }

  group(): void {
    const objects = this.store.selection();
    if (objects.length >= 2) {
      const group = this.store.group(objects);
      if (group) this.say(`Grouped as "${String((group as { name?: unknown }).name)}".`, 'ok');
    }
  }

  ungroup(): void {
    const [object] = this.store.selection();
    if (object instanceof Group) this.store.ungroup(object);
  }

  selectAll(): void {
    this.store.selectMany(this.store.objects().filter((o) => o.visible && o.selectable && !this.store.isLocked(o)));
  }

  /** Keyboard shortcuts of these tools; true when the key was one of them. */
  handleKey(event: KeyboardEvent): boolean {
    const mod = event.ctrlKey || event.metaKey;
    const key = event.key.toLowerCase();
    const run = (action: () => unknown) => {
      event.preventDefault();
      void action();
      return true;
    };
    if (mod && key === 'c') return run(() => this.copy());
    if (mod && key === 'x') return run(() => this.cut());
    if (mod && key === 'v') return run(() => this.paste());
    if (mod && key === 'd') return run(() => this.duplicate());
    if (mod && key === 'a') return run(() => this.selectAll());
    if (mod && key === 'g') return run(() => (event.shiftKey ? this.ungroup() : this.group()));
    if (!mod && (event.key === 'Delete' || event.key === 'Backspace') && this.store.selection().length) return run(() => this.remove());
    if (!mod && event.key.startsWith('Arrow') && this.store.selection().length) {
      const step = event.shiftKey ? 10 : 1;
      const dx = event.key === 'ArrowLeft' ? -step : event.key === 'ArrowRight' ? step : 0;
      const dy = event.key === 'ArrowUp' ? -step : event.key === 'ArrowDown' ? step : 0;
      return run(() => this.nudge(dx, dy));
    }
    return false;
  }
}

function count(n: number): string {
  return n === 1 ? '1 object' : `${n} objects`;
}
