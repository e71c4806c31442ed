/**
 * Wiring only: builds the store on a Fabric canvas, renders the panels from
 * it on every change, and routes buttons and shortcuts to store methods.
 */
import { Canvas, Group, type FabricObject } from 'fabric';
import { validateTemplate } from '../../../src/domain/template-schema.js';
import { ApiFailure, api, apiUrl, type FieldError } from './api.js';
import { wireAssetControls } from './asset-controls.js';
import { AssetBrowser } from './ui/asset-browser.js';
import { DocumentStore } from './document-store.js';
import { clearDraft, readDraft, writeDraft, type Draft } from './drafts.js';
import type { TemplateDocument } from '../../../src/domain/template.js';
import { setAccountFonts, setBundledFonts } from './fonts.js';
import { byId, h } from './ui/dom.js';
import { renderLayers } from './ui/layers-panel.js';
// Selection tools (multi-select, align, group, clipboard, snapping, zoom): see decision 0020.
import { EditingTools } from './editing-tools.js';
import { CropMode } from './crop-mode.js';
import { installSnapping } from './snapping.js';
import { renderAlignToolbar } from './ui/align-toolbar.js';
import { Zoom } from './zoom.js';
import { mountPreviewPanel } from './ui/preview-panel.js';
import { chooseNewTemplate, duplicateTemplate, type NewTemplateChoice } from './ui/new-template-dialog.js';
import { PropertiesPanel, type FontChoices } from './ui/properties-panel.js';

const params = new URLSearchParams(location.search);
let templateId = params.get('template');
/** The revision this page last read or saved (its ETag): a save goes over that one only. */
let templateEtag: string | null = null;
let savedSnapshot = '';
let errorsByName = new Map<string, string[]>();
const fontChoices: FontChoices = { families: [], ownWeights: new Map() };

const status = byId<HTMLElement>('status');
const saveErrors = byId<HTMLElement>('save-errors');
const nameInput = byId<HTMLInputElement>('template-name');
const stage = byId<HTMLElement>('stage');

function say(message: string, kind: 'info' | 'error' | 'ok' = 'info'): void {
  status.textContent = message;
  status.dataset.kind = kind;
  status.classList.remove('has-actions');
}

async function main(): Promise<void> {
  if (!(await api.session()).signedIn) {
    // The developer area signs people in; it sends them back here afterwards.
    location.assign(`${apiUrl('./')}?next=${encodeURIComponent(location.pathname + location.search)}#/signin`);
    return;
  }
  const canvas = new Canvas(byId<HTMLCanvasElement>('canvas'), { preserveObjectStacking: true, backgroundColor: '#ffffff' });
  const store = new DocumentStore(canvas);
  const cropMode = new CropMode(canvas, store);
  const properties = new PropertiesPanel(
    byId('properties'),
    store,
    () => fontChoices,
    (name) => errorsByName.get(name) ?? [],
    cropMode,
  );
  const layersRoot = byId<HTMLElement>('layers');
  const tools = new EditingTools(store, say, () => fontChoices.families);
  installSnapping(canvas, store, (target) => target === cropMode.active);

  const render = () => {
    const focused = document.activeElement;
    const focusedLayer = focused instanceof HTMLInputElement && layersRoot.contains(focused) ? focused.closest('li')?.dataset.name : undefined;
    renderLayers(layersRoot, store, errorsByName);
    renderAlignToolbar(byId('arrange'), store, tools);
    if (focusedLayer !== undefined) layersRoot.querySelector<HTMLInputElement>(`li[data-name="${CSS.escape(focusedLayer)}"] input`)?.focus();
    properties.render();
    byId<HTMLButtonElement>('undo').disabled = !store.history.canUndo;
    byId<HTMLButtonElement>('redo').disabled = !store.history.canRedo;
    const dirty = store.history.present !== savedSnapshot;
    byId<HTMLElement>('dirty').hidden = !dirty;
  };
  store.onChange(render);

  const zoom = new Zoom(canvas, store, stage, byId('zoom-level'));
  const fit = () => zoom.fit();

  try {
    const [bundled, own] = await Promise.all([api.bundledFonts(), api.accountFonts().catch(() => [])]);
    setBundledFonts(bundled);
    setAccountFonts(own);
    fontChoices.families = [...bundled.families, ...own.map((f) => f.family).filter((f) => !bundled.families.includes(f))];
    for (const f of own)
      fontChoices.ownWeights.set(
        f.family,
        [...new Set([...(fontChoices.ownWeights.get(f.family) ?? []), f.weight])].sort((a, b) => a - b),
      );
  } catch (error) {
    say(`Fonts could not be listed: ${(error as Error).message}`, 'error');
  }

  if (templateId) {
    try {
      const t = await api.template(templateId);
      templateEtag = t.etag;
      nameInput.value = t.name;
      await store.load(t.template);
      document.title = `${t.name} — Imprint editor`;
    } catch (error) {
      say(error instanceof ApiFailure ? error.message : String(error), 'error');
      templateId = null;
    }
  }
  if (templateId) fit();
  const draft = readDraft(templateId);
  const useDraft = draft !== null && JSON.stringify(draft.template) !== (templateId ? store.history.present : '') && (await offerDraft(draft));
  if (!useDraft) clearDraft(templateId);
  if (!templateId && !useDraft) {
    const from = params.get('from');
    let choice: NewTemplateChoice | null = null;
    if (from) {
      try {
        choice = await duplicateTemplate(from);
      } catch (error) {
        say(`The template to duplicate could not be loaded: ${error instanceof ApiFailure ? error.message : String(error)}`, 'error');
      }
    }
    choice ??= await chooseNewTemplate();
    nameInput.value = choice.name;
    await store.load(choice.template);
    say(choice.note, 'info');
  }
  savedSnapshot = templateId ? store.history.present : '';
  if (useDraft) {
    nameInput.value = draft.name;
    // Restored on top of the saved version, so one Undo shows what the server has.
    if (templateId) await store.replace(draft.template);
    else await store.load(draft.template);
    say('Draft restored. It is not saved yet.', 'info');
  }

  // Each change is kept locally (at most every 400 ms) until it is saved.
  let draftTimer: ReturnType<typeof setTimeout> | undefined;
  let draftWarned = false;
  const keepDraft = () => {
    clearTimeout(draftTimer);
    draftTimer = setTimeout(() => {
      const dirty = store.history.present !== savedSnapshot || (templateId !== null && nameInput.value !== savedName);
      if (!dirty) return clearDraft(templateId);
      if (!writeDraft(templateId, { name: nameInput.value, template: store.toDocument(), at: Date.now() }) && !draftWarned) {
        draftWarned = true;
        say('This browser refused to keep a local draft (storage full or disabled): save to keep your work.', 'error');
      }
    }, 400);
  };
  let savedName = nameInput.value;
  store.onChange(keepDraft);
  nameInput.addEventListener('input', keepDraft);
  fit();
  render();

  for (const kind of ['text', 'rect', 'circle', 'ellipse', 'triangle', 'polygon', 'star', 'line'] as const) {
    byId(`add-${kind}`).addEventListener('click', () => void store.add(kind).then(render));
  }
  byId<HTMLFormElement>('image-form').addEventListener('submit', (event) => {
    event.preventDefault();
    const url = byId<HTMLInputElement>('image-url').value.trim();
    if (!/^https:\/\//i.test(url)) {
      say('Give an https:// image address: the server fetches it over https when it renders.', 'error');
      return;
    }
    say('Loading image…');
    store.add('image', url).then(
      () => say('Image added.', 'ok'),
      () => say('That image could not be loaded. Its server must allow cross-origin use (CORS), or the canvas could not be exported.', 'error'),
    );
  });
  wireAssetControls(store, stage, say);
  new AssetBrowser(store, say);
  byId('undo').addEventListener('click', () => void store.undo());
  byId('redo').addEventListener('click', () => void store.redo());
  byId('zoom-fit').addEventListener('click', fit);
  byId('zoom-in').addEventListener('click', () => zoom.zoomIn());
  byId('zoom-out').addEventListener('click', () => zoom.zoomOut());
  byId('delete').addEventListener('click', () => tools.remove());
  byId('download-png').addEventListener('click', () => {
    const link = h('a', { href: store.exportPng(), download: `${nameInput.value.trim() || 'template'}.png` });
    link.click();
  });
  nameInput.addEventListener('input', () => (byId<HTMLElement>('dirty').hidden = false));

  mountPreviewPanel({ toolbar: byId('toolbar'), stage, frame: stage.querySelector<HTMLElement>('.canvas-frame')!, store, say, showErrors });

  byId('export-json').addEventListener('click', () => {
    const name = nameInput.value.trim() || 'template';
    const blob = new Blob([JSON.stringify({ name, template: store.toDocument() }, null, 2)], { type: 'application/json' });
    const url = URL.createObjectURL(blob);
    h('a', { href: url, download: `${name.replace(/[^\w.-]+/g, '-')}.json` }).click();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  });
  const importInput = byId<HTMLInputElement>('import-json');
  importInput.addEventListener('change', async () => {
    const file = importInput.files?.[0];
    importInput.value = '';
    if (!file) return;
    try {
      const parsed = JSON.parse(await file.text()) as { name?: unknown; template?: unknown };
      // Both this editor's export ({name, template}) and a bare Fabric document are accepted.
      const doc = (parsed.template ?? parsed) as TemplateDocument;
      const checked = validateTemplate(doc, { fontFamilies: fontChoices.families });
      if (!checked.ok) {
        say(
          `Not imported: ${checked.issues
            .slice(0, 3)
            .map((i) => `${i.path}: ${i.message}`)
            .join('; ')}`,
          'error',
        );
        return;
      }
      await store.replace(doc);
      if (typeof parsed.name === 'string' && parsed.name.trim()) nameInput.value = parsed.name.slice(0, 200);
      fit();
      say(`Imported ${file.name}. Undo brings back the previous design.`, 'ok');
    } catch (error) {
      say(`Not imported: ${file.name} is not template JSON (${(error as Error).message}).`, 'error');
    }
  });

  byId('duplicate').addEventListener('click', () => void tools.duplicate());
  const shortcuts = byId<HTMLDialogElement>('shortcuts-dialog');
  byId('shortcuts').addEventListener('click', () => shortcuts.showModal());

  const saveButton = byId<HTMLButtonElement>('save');
  let saving = false;
  /**
   * `mode`: `update` saves over the revision this page read and is refused if the template was saved
   * elsewhere since (another tab, another person); `replace` saves over whatever is there; `copy` saves a
   * new template. One save at a time: a double click made two templates.
   */
  const save = async (mode: 'update' | 'replace' | 'copy' = 'update') => {
    if (saving) return;
    const name = nameInput.value.trim();
    if (!name) {
      say('Give the template a name first.', 'error');
      nameInput.focus();
      return;
    }
    const invalid = byId('properties').querySelector<HTMLElement>('[aria-invalid="true"]');
    if (invalid) {
      say('Not saved: a field of the selected layer holds a value the template cannot take (marked in red). Correct it first.', 'error');
      invalid.focus();
      return;
    }
    const doc = store.toDocument();
    // The server's own rules, run here first: most mistakes show before a round trip.
    const local = validateTemplate(doc, { fontFamilies: fontChoices.families });
    if (!local.ok) {
      showErrors(local.issues.map((i) => ({ path: `template.${i.path}`, message: i.message })));
      say('Not saved: fix the problems marked in the layers list.', 'error');
      return;
    }
    saving = true;
    saveButton.disabled = true;
    say('Saving…');
    try {
      if (templateId && mode !== 'copy') {
        templateEtag = (await updateOwnRevision(templateId, name, doc, mode)).etag;
      } else {
        const previous = templateId;
        const created = await api.createTemplate(mode === 'copy' ? `${name} (copy)`.slice(0, 200) : name, doc);
        templateId = created.id;
        templateEtag = created.etag;
        if (mode === 'copy') {
          nameInput.value = created.name;
          clearDraft(previous);
        }
        history.replaceState(null, '', `?template=${encodeURIComponent(created.id)}`);
      }
      savedSnapshot = JSON.stringify(doc);
      savedName = nameInput.value.trim();
      clearTimeout(draftTimer);
      clearDraft(templateId);
      clearDraft(null);
      showErrors([]);
      say(`Saved. Template id: ${templateId}`, 'ok');
      render();
    } catch (error) {
      if (error instanceof ApiFailure && error.code === 'template_changed') {
        offerConflictChoices();
      } else if (error instanceof ApiFailure && error.code === 'template_not_found' && templateId) {
        sayWithActions('Not saved: this template was deleted elsewhere. Your design is kept in this browser.', [['Save it as a new template', () => void save('copy')]]);
      } else if (error instanceof ApiFailure && error.code === 'session_changed') {
        sayWithActions(`Not saved: ${error.message} Your design is kept in this browser.`, [['Sign in', () => window.open(`${apiUrl('./')}#/signin`, '_blank', 'noopener')]]);
      } else if (error instanceof ApiFailure && (error.code === 'not_signed_in' || error.code === 'invalid_api_key')) {
        sayWithActions('Not saved: you are signed out. Your design is kept in this browser; sign in again (in a new tab), then save.', [
          ['Sign in', () => window.open(`${apiUrl('./')}#/signin`, '_blank', 'noopener')],
        ]);
      } else if (error instanceof ApiFailure) {
        showErrors(error.errors);
        say(`Not saved: ${error.message}`, 'error');
      } else say(`Not saved: ${String(error)}`, 'error');
    } finally {
      saving = false;
      saveButton.disabled = false;
    }
  };

  /**
   * A save the server took after the editor gave up waiting (the timeout) made a revision this page
   * never saw, so the next save looked like someone else's. When the saved template is exactly what this
   * page sent last, it is this page's own: its ETag is taken and the save goes on.
   */
  let unconfirmed: { name: string; document: string } | null = null;
  async function updateOwnRevision(id: string, name: string, doc: TemplateDocument, mode: 'update' | 'replace') {
    const sending = { name, document: JSON.stringify(doc) };
    try {
      const saved = await api.updateTemplate(id, name, doc, mode === 'update' ? templateEtag : null);
      unconfirmed = null;
      return saved;
    } catch (error) {
      const lastSent = unconfirmed;
      unconfirmed = error instanceof ApiFailure && error.code === 'timeout' ? sending : null;
      if (!(error instanceof ApiFailure && error.code === 'template_changed' && lastSent)) throw error;
      const current = await api.template(id);
      if (current.name !== lastSent.name || JSON.stringify(current.template) !== lastSent.document) throw error;
      templateEtag = current.etag;
      return updateOwnRevision(id, name, doc, 'update');
    }
  }

  function offerConflictChoices(): void {
    sayWithActions('Not saved: this template was saved elsewhere (another tab or person) since you opened it. Your design is kept in this browser.', [
      ['Save mine over it', () => void save('replace')],
      ['Save mine as a copy', () => void save('copy')],
      ['Open the saved one', () => location.reload()],
    ]);
  }

  function sayWithActions(message: string, actions: Array<[label: string, run: () => void]>): void {
    say(message, 'error');
    status.classList.add('has-actions');
    status.append(h('span', { class: 'status-actions' }, ...actions.map(([label, run]) => h('button', { type: 'button', onclick: run }, label))));
  }
  byId('save').addEventListener('click', () => void save());

  function showErrors(errors: FieldError[]): void {
    errorsByName = new Map();
    const general: string[] = [];
    const objects = store.objects();
    for (const e of errors) {
      const name = nameAtPath(objects, e.path);
      if (name !== undefined) errorsByName.set(name, [...(errorsByName.get(name) ?? []), e.message]);
      else general.push(e.message);
    }
    saveErrors.replaceChildren(...general.map((m) => h('li', {}, m)));
    saveErrors.hidden = general.length === 0;
    properties.render();
    render();
    // A rebuilt panel shows the new messages for the selected object.
    const selected = store.selected();
    store.select(null);
    if (selected) store.select(selected);
  }

  document.addEventListener('keydown', (event) => {
    const target = event.target as HTMLElement;
    const typing =
      target.closest('input, textarea, select') !== null ||
      (canvas.getActiveObject()?.isType('textbox') && (canvas.getActiveObject() as unknown as { isEditing: boolean }).isEditing);
    const mod = event.ctrlKey || event.metaKey;
    if (mod && event.key.toLowerCase() === 's') {
      event.preventDefault();
      void save();
    } else if (typing) return;
    else if (mod && event.key.toLowerCase() === 'z') {
      event.preventDefault();
      void (event.shiftKey ? store.redo() : store.undo());
    } else if (mod && event.key.toLowerCase() === 'y') {
      event.preventDefault();
      void store.redo();
    } else if (tools.handleKey(event) || zoom.handleKey(event)) {
      // Selection tools and zoom.
    } else if (event.key === '?' && !mod) {
      event.preventDefault();
      if (!shortcuts.open) shortcuts.showModal();
    }
  });
  window.addEventListener('beforeunload', (event) => {
    if (store.history.present !== savedSnapshot) event.preventDefault();
  });
  // Closing the tab inside the 400 ms window must not lose the last change.
  window.addEventListener('pagehide', () => {
    if (store.history.present !== savedSnapshot) writeDraft(templateId, { name: nameInput.value, template: store.toDocument(), at: Date.now() });
  });
  document.body.dataset.ready = 'true';
}

/** The name of the object a schema path points at (`template.objects[2].objects[0]…`), group children included. */
function nameAtPath(objects: readonly FabricObject[], path: string): string | undefined {
  const indexes = /^template((?:\.objects\[\d+\])+)/.exec(path)?.[1].match(/\d+/g) ?? [];
  let list: readonly FabricObject[] = objects;
  let found: FabricObject | undefined;
  for (const i of indexes) {
    found = list[Number(i)];
    if (!found) break;
    list = found instanceof Group ? found.getObjects() : [];
  }
  const name = (found as { name?: unknown } | undefined)?.name;
  return typeof name === 'string' ? name : undefined;
}

/** Asks whether to bring back a local draft; resolves true to restore it. */
function offerDraft(draft: Draft): Promise<boolean> {
  const dialog = byId<HTMLDialogElement>('draft-dialog');
  const count = draft.template.objects.length;
  byId('draft-text').textContent =
    `"${draft.name}" has changes from ${new Date(draft.at).toLocaleString()} that were never saved (${count} object${count === 1 ? '' : 's'}). Restore them?`;
  dialog.returnValue = '';
  dialog.showModal();
  return new Promise((resolve) => dialog.addEventListener('close', () => resolve(dialog.returnValue === 'restore'), { once: true }));
}

void main().catch((error) => say(`The editor failed to start: ${(error as Error).message}`, 'error'));
