/**
 * "New template": a blank canvas at a preset size, a starter from the
 * server's gallery, or a copy of one of the account's templates. Whatever is
 * chosen opens unsaved; nothing reaches the account until Save.
 */
import type { TemplateDocument } from '../../../../src/domain/template.js';
import { ApiFailure, api, apiUrl, type StarterTemplate, type TemplateSummaryDated } from '../api.js';
import { DEFAULT_RENDER_BUDGET } from '../../../../src/domain/render-budget.js';
import { CANVAS_SIDE, SIZE_PRESETS } from '../presets.js';
import { byId, h } from './dom.js';

export interface NewTemplateChoice {
  name: string;
  template: TemplateDocument;
  /** What the status line says once the canvas is open. */
  note: string;
}

const TABS = ['blank', 'starters', 'mine'] as const;
type Tab = (typeof TABS)[number];

/** The name of an unsaved copy; the server caps names at 200 characters. */
export function copyNameOf(name: string): string {
  return `${name.slice(0, 195)} copy`;
}

function blankDocument(width: number, height: number): TemplateDocument {
  return { version: '7.4.0', width, height, objects: [], background: '#ffffff' };
}

/** Opens a copy of the account's template `id` straight away (the developer area's Duplicate link). */
export async function duplicateTemplate(id: string): Promise<NewTemplateChoice> {
  const source = await api.template(id);
  return { name: copyNameOf(source.name), template: source.template, note: `Copy of "${source.name}": not saved yet.` };
}

/**
 * Shows the dialog until a choice is made. Escape (or Cancel) leaves for the
 * developer area's templates list: with no template open there is nothing
 * behind the dialog to go back to.
 */
export function chooseNewTemplate(): Promise<NewTemplateChoice> {
  const dialog = byId<HTMLDialogElement>('new-dialog');
  const tabs = new Map(TABS.map((t) => [t, byId<HTMLButtonElement>(`new-tab-${t}`)]));
  const panels = new Map(TABS.map((t) => [t, byId<HTMLElement>(`new-panel-${t}`)]));
  const loaded = new Set<Tab>();
  let settle: (choice: NewTemplateChoice) => void = () => {};
  const done = new Promise<NewTemplateChoice>((resolve) => (settle = resolve));
  const finish = (choice: NewTemplateChoice) => {
    dialog.close('chosen');
    settle(choice);
  };

  const select = (tab: Tab, focus: boolean) => {
    for (const [t, button] of tabs) {
      const on = t === tab;
      button.setAttribute('aria-selected', String(on));
      button.tabIndex = on ? 0 : -1;
      panels.get(t)!.hidden = !on;
    }
    if (focus) tabs.get(tab)!.focus();
    if (!loaded.has(tab)) {
      loaded.add(tab);
      if (tab === 'starters') void fillStarters(panels.get(tab)!, finish);
      if (tab === 'mine') void fillMine(panels.get(tab)!, finish);
    }
  };
  for (const [tab, button] of tabs) {
    button.addEventListener('click', () => select(tab, false));
    // The ARIA tabs pattern: arrows, Home and End move between tabs; Tab moves into the panel.
    button.addEventListener('keydown', (event) => {
      const i = TABS.indexOf(tab);
      const next = { ArrowRight: i + 1, ArrowLeft: i - 1, Home: 0, End: TABS.length - 1 }[event.key];
      if (next === undefined) return;
      event.preventDefault();
      select(TABS[(next + TABS.length) % TABS.length], true);
    });
  }

  setUpBlank(finish);
  dialog.addEventListener('cancel', (event) => {
    event.preventDefault();
    leave();
  });
  byId('new-cancel').addEventListener('click', leave);
  select('blank', false);
  dialog.showModal();
  // The name is what most people change first; the tabs are one Shift+Tab away.
  byId<HTMLInputElement>('new-name').focus();
  return done;
}

function leave(): void {
  location.assign(`${apiUrl('./')}#/templates`);
}

function setUpBlank(finish: (choice: NewTemplateChoice) => void): void {
  const presets = byId<HTMLElement>('presets');
  presets.replaceChildren(
    ...[...SIZE_PRESETS, { id: 'custom', label: 'Custom size', width: 0, height: 0 }].map((p, i) =>
      h('label', { class: 'preset' }, h('input', { type: 'radio', name: 'preset', value: p.id, checked: i === 0 }), h('span', {}, p.label)),
    ),
  );
  const w = byId<HTMLInputElement>('custom-width');
  const hh = byId<HTMLInputElement>('custom-height');
  for (const input of [w, hh]) {
    input.min = String(CANVAS_SIDE.min);
    input.max = String(CANVAS_SIDE.max);
    input.addEventListener('input', () => w.setCustomValidity(''));
  }
  const custom = byId<HTMLElement>('custom-size');
  presets.addEventListener('change', () => {
    custom.hidden = (presets.querySelector('input:checked') as HTMLInputElement).value !== 'custom';
  });
  byId<HTMLFormElement>('new-panel-blank').addEventListener('submit', (event) => {
    event.preventDefault();
    const id = (presets.querySelector('input:checked') as HTMLInputElement).value;
    const preset = SIZE_PRESETS.find((p) => p.id === id);
    const width = preset ? preset.width : Number(w.value);
    const height = preset ? preset.height : Number(hh.value);
    if (![width, height].every((n) => Number.isInteger(n) && n >= CANVAS_SIDE.min && n <= CANVAS_SIDE.max)) {
      w.setCustomValidity(`Whole pixels from ${CANVAS_SIDE.min} to ${CANVAS_SIDE.max}.`);
      w.reportValidity();
      return;
    }
    // A canvas the API would refuse to render at scale 1 (with the default budget) is refused here, not after the design is made.
    const megapixels = (width * height) / 1_000_000;
    if (megapixels > DEFAULT_RENDER_BUDGET.maxMegapixels) {
      w.setCustomValidity(
        `${width} × ${height} is ${megapixels.toFixed(1)} megapixels; the API renders at most ${DEFAULT_RENDER_BUDGET.maxMegapixels}. Choose a smaller size: "scale" renders a larger image from it.`,
      );
      w.reportValidity();
      return;
    }
    finish({
      name: byId<HTMLInputElement>('new-name').value.trim() || 'Untitled',
      template: blankDocument(width, height),
      note: `Blank ${width} × ${height} canvas: not saved yet.`,
    });
  });
}

/** Shows "Loading…", then what `show` makes of the data, or the error with a way to try again. */
async function fillPanel<T>(panel: HTMLElement, what: string, load: () => Promise<T>, show: (data: T) => Node[]): Promise<void> {
  panel.setAttribute('aria-busy', 'true');
  panel.replaceChildren(h('p', { class: 'empty' }, `Loading ${what.toLowerCase()}…`));
  try {
    panel.replaceChildren(...show(await load()));
  } catch (error) {
    const message = error instanceof ApiFailure ? error.message : String(error);
    panel.replaceChildren(
      h('p', { class: 'field-error', role: 'alert' }, `${what} could not be loaded: ${message}`),
      h('button', { type: 'button', onclick: () => void fillPanel(panel, what, load, show) }, 'Try again'),
    );
  } finally {
    panel.removeAttribute('aria-busy');
  }
}

function fillStarters(panel: HTMLElement, finish: (choice: NewTemplateChoice) => void): Promise<void> {
  return fillPanel<StarterTemplate[]>(
    panel,
    'The starters',
    () => api.gallery(),
    (starters) => [
      h('p', { class: 'hint' }, 'Ready-made designs with every element named for the API. Pick one to open a copy.'),
      h(
        'ul',
        { class: 'gallery', 'aria-label': 'Starter templates' },
        ...starters.map((s) =>
          h(
            'li',
            {},
            h(
              'button',
              {
                type: 'button',
                class: 'gallery-card',
                'data-starter': s.id,
                onclick: () => finish({ name: s.name, template: structuredClone(s.template), note: `Started from "${s.name}": not saved yet.` }),
              },
              h(
                'span',
                { class: 'gallery-thumb' },
                // Decorative: the button's name is the starter's name and size, which the text below says.
                h('img', {
                  src: apiUrl(s.previewURL),
                  alt: '',
                  loading: 'lazy',
                  width: s.width >= s.height ? 160 : Math.round((160 * s.width) / s.height),
                  height: s.width >= s.height ? Math.round((160 * s.height) / s.width) : 160,
                }),
              ),
              h('span', { class: 'gallery-name' }, s.name),
              h('span', { class: 'gallery-size' }, `${s.width} × ${s.height}`),
              h('span', { class: 'gallery-description' }, s.description),
            ),
          ),
        ),
      ),
    ],
  );
}

function fillMine(panel: HTMLElement, finish: (choice: NewTemplateChoice) => void): Promise<void> {
  return fillPanel<TemplateSummaryDated[]>(
    panel,
    'Your templates',
    () => api.templates(),
    (mine) => listMine(mine, finish),
  );
}

function listMine(mine: TemplateSummaryDated[], finish: (choice: NewTemplateChoice) => void): Node[] {
  if (mine.length === 0) return [h('p', { class: 'empty' }, 'You have no saved templates yet. Start from a blank canvas or a starter.')];
  const status = h('p', { class: 'hint', role: 'status' });
  return [
    h('p', { class: 'hint' }, 'Opens a copy named "… copy"; the original stays as it is.'),
    h(
      'ul',
      { class: 'mine', 'aria-label': 'Your templates' },
      ...mine.map((t) =>
        h(
          'li',
          {},
          h(
            'button',
            {
              type: 'button',
              class: 'mine-item',
              'aria-label': `Duplicate ${t.name}`,
              onclick: async (event: Event) => {
                const button = event.currentTarget as HTMLButtonElement;
                button.disabled = true;
                status.textContent = `Copying "${t.name}"…`;
                try {
                  finish(await duplicateTemplate(t.id));
                } catch (error) {
                  button.disabled = false;
                  status.textContent = `Could not copy "${t.name}": ${error instanceof ApiFailure ? error.message : String(error)}`;
                }
              },
            },
            h('span', { class: 'gallery-name' }, t.name),
            h('span', { class: 'gallery-size' }, `Updated ${new Date(t.updatedAt).toLocaleDateString()}`),
          ),
        ),
      ),
    ),
    status,
  ];
}
