/**
 * A template document is what Fabric's `canvas.toJSON()` returns, plus the
 * output size. Objects stay loosely typed on purpose: Fabric v5, v6 and v7
 * write different property sets, and `validateTemplate` (template-schema.ts)
 * is the one place that decides which of them we accept.
 */
export interface FabricObject {
  type: string;
  name?: string;
  [property: string]: unknown;
}

export interface TemplateDocument {
  /** Fabric version that wrote the JSON; decides defaults such as v7's centred origin. */
  version?: string;
  width: number;
  height: number;
  objects: FabricObject[];
  background?: unknown;
  [property: string]: unknown;
}

/** Element kinds as the API talks about them (contract section 2.2). */
export type ElementKind = 'shape' | 'text' | 'line' | 'image' | 'group';

/** Major version of the Fabric that wrote the document; missing means 7. */
export function documentMajorVersion(doc: Pick<TemplateDocument, 'version'>): number {
  const m = /^\s*(\d+)/.exec(String(doc.version ?? ''));
  return m ? Number(m[1]) : 7;
}
