import { ApiError, megabytes } from '../domain/errors.js';
import { newId } from '../domain/ids.js';
import type { TemplateDocument } from '../domain/template.js';
import { TEMPLATE_REVISIONS_KEPT, type TemplateRecord, type TemplateSummary } from '../store/store.js';
import { checkTemplate } from './check-template.js';
import { checkAssetReferences } from './manage-assets.js';
import type { ServiceDeps } from './service-deps.js';

/** Without publicUrl (seeding, benches) no src can name an asset, so none is checked. */
type Deps = Pick<ServiceDeps, 'store' | 'fontFamilies' | 'now'> & Partial<Pick<ServiceDeps, 'publicUrl' | 'templateQuotaBytes'>>;

/** TEMPLATE_QUOTA_MB's default: thousands of ordinary templates with their history, or forty 5 MB ones. */
export const DEFAULT_TEMPLATE_QUOTA_BYTES = 200 * 1024 * 1024;

/**
 * Refuses a save that would take the account's stored templates past its
 * quota. A save keeps a revision and replaces the template's own copy of its
 * document (`replacing`, none for a new template), so both count; the oldest
 * revision it prunes is not counted back, which errs on the safe side.
 */
async function checkTemplateQuota(deps: Deps, accountId: string, document: TemplateDocument, replacing: TemplateDocument | null): Promise<void> {
  const quota = deps.templateQuotaBytes ?? DEFAULT_TEMPLATE_QUOTA_BYTES;
  const used = await deps.store.templateBytes(accountId);
  const bytes = Buffer.byteLength(JSON.stringify(document));
  const adding = bytes + Math.max(0, bytes - (replacing === null ? 0 : Buffer.byteLength(JSON.stringify(replacing))));
  if (used + adding <= quota) return;
  throw new ApiError(
    'template_quota_exceeded',
    `This account's templates take ${megabytes(used)} of its ${megabytes(quota)} (TEMPLATE_QUOTA_MB), each keeping its last ${TEMPLATE_REVISIONS_KEPT} saves; this one adds ${megabytes(adding)}. Delete templates you no longer use (DELETE /templates/{templateId}).`,
  );
}

export function summarize(record: TemplateRecord): TemplateSummary {
  return { id: record.id, name: record.name, createdAt: record.createdAt, updatedAt: record.updatedAt };
}

export async function createTemplate(deps: Deps, accountId: string, input: { name: string; template: unknown }): Promise<TemplateRecord> {
  const document = await checkTemplate(deps, accountId, input.template);
  await checkAssetReferences(deps, accountId, document);
  await checkTemplateQuota(deps, accountId, document, null);
  return deps.store.createTemplate({ id: newId('tpl'), accountId, name: input.name.trim(), document, now: deps.now() });
}

/** Another account's template is reported exactly like a missing one: existence is not revealed. */
export async function getTemplate(deps: Pick<ServiceDeps, 'store'>, accountId: string, templateId: string): Promise<TemplateRecord> {
  const record = await deps.store.getTemplate(accountId, templateId);
  if (!record) throw templateNotFound(templateId);
  return record;
}

/** The template as saved at `revision`; a revision that was never saved is reported like a missing template. */
export async function getTemplateRevision(deps: Pick<ServiceDeps, 'store'>, accountId: string, templateId: string, revision: number): Promise<TemplateRecord> {
  const record = await deps.store.getTemplateRevision(accountId, templateId, revision);
  if (!record) throw revisionNotFound(templateId, revision);
  return record;
}

/** The current revision number, or `revision` when it was saved, without reading any document; errors as the two reads above. */
export async function findTemplateRevision(deps: Pick<ServiceDeps, 'store'>, accountId: string, templateId: string, revision: number | null): Promise<number> {
  const found = await deps.store.findTemplateRevision(accountId, templateId, revision);
  if (found === null) throw revision === null ? templateNotFound(templateId) : revisionNotFound(templateId, revision);
  return found;
}

function revisionNotFound(templateId: string, revision: number): ApiError {
  return new ApiError('template_not_found', `Template "${templateId}" has no saved revision ${revision} in this account (revisions count up from 1 with every save).`);
}

/**
 * `ifRevisions`: save only over one of these revisions (HTTP's If-Match), so that two editors of one
 * template cannot silently overwrite each other's work: the second save is refused, naming the revision
 * it would have replaced.
 */
export async function updateTemplate(
  deps: Deps,
  accountId: string,
  templateId: string,
  patch: { name?: string; template?: unknown },
  ifRevisions?: readonly number[],
): Promise<TemplateRecord> {
  const existing = await getTemplate(deps, accountId, templateId);
  if (ifRevisions?.length === 0) {
    throw new ApiError(
      'template_changed',
      `If-Match names no revision of template "${templateId}", so nothing was saved. Send the ETag that GET /templates/${templateId} answers (now ${templateEtag(existing.revision)}), or no If-Match to replace it.`,
      { headers: { ETag: templateEtag(existing.revision) } },
    );
  }
  if (ifRevisions && !ifRevisions.includes(existing.revision)) throw templateChanged(templateId, existing.revision);
  const document = patch.template === undefined ? undefined : await checkTemplate(deps, accountId, patch.template);
  if (document) await checkAssetReferences(deps, accountId, document);
  // A rename keeps a revision too, of the same document.
  await checkTemplateQuota(deps, accountId, document ?? existing.document, existing.document);
  // Over the very revision checked above (and that the quota counted), not any of those If-Match named.
  const updated = await deps.store.updateTemplate(accountId, templateId, { name: patch.name?.trim(), document }, deps.now(), ifRevisions && existing.revision);
  if (updated) return updated;
  // Saved or deleted by another request between the read above and this write.
  const now = await deps.store.findTemplateRevision(accountId, templateId, null);
  throw now === null ? templateNotFound(templateId) : templateChanged(templateId, now);
}

function templateChanged(templateId: string, current: number): ApiError {
  return new ApiError(
    'template_changed',
    `Template "${templateId}" was saved elsewhere since this copy was read: it is at revision ${current} now, and nothing was saved. Read it again (GET /templates/${templateId}), or send the change without If-Match to replace it.`,
    { headers: { ETag: templateEtag(current) } },
  );
}

/** A template revision's entity tag, as GET and PUT /templates/{id} answer it and If-Match names it. */
export function templateEtag(revision: number): string {
  return `"rev-${revision}"`;
}

/**
 * The revisions an If-Match header names; `*` (any current revision) is undefined, as is no header.
 * Tags of any other form name no revision, so a save that sends only those is refused: If-Match
 * compares strongly, and a weak tag never matches (RFC 9110 §13.1.1).
 */
export function revisionsOfIfMatch(header: string | undefined): number[] | undefined {
  if (header === undefined) return undefined;
  const tags = header.split(',').map((t) => t.trim());
  if (tags.includes('*')) return undefined;
  return tags.flatMap((t) => {
    const m = /^"rev-(0|[1-9]\d{0,8})"$/.exec(t);
    return m ? [Number(m[1])] : [];
  });
}

export async function deleteTemplate(deps: Pick<ServiceDeps, 'store'>, accountId: string, templateId: string): Promise<void> {
  if (!(await deps.store.deleteTemplate(accountId, templateId))) throw templateNotFound(templateId);
}

export function listTemplates(deps: Pick<ServiceDeps, 'store'>, accountId: string, sort: 'createdAt' | 'updatedAt', order: 'asc' | 'desc'): Promise<TemplateSummary[]> {
  return deps.store.listTemplates(accountId, sort, order);
}

export function templateNotFound(templateId: string): ApiError {
  return new ApiError('template_not_found', `No template with id "${templateId}" exists in this account. List your templates with GET /templates/all.`);
}
