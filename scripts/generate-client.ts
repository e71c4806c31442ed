/**
 * Regenerates packages/client/src/schema.ts, the typed client's paths and
 * bodies, from the OpenAPI document the server serves. Run after changing a
 * route's schema: `npm run build && node dist/scripts/generate-client.js`.
 * src/http/typed-client.http.test.ts fails while the file is out of date.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import { createTestApp } from '../src/http/test-app.js';
import { repoRoot } from '../src/repo-root.js';

export const CLIENT_SCHEMA_FILE = path.join(repoRoot(), 'packages', 'client', 'src', 'schema.ts');

/** The document as served, with a fixed PUBLIC_URL so the generated file does not depend on where it was made. */
export async function servedOpenapi(): Promise<Record<string, unknown>> {
  const t = await createTestApp({ publicUrl: 'http://localhost:3000' });
  try {
    return (await t.app.inject({ url: '/openapi.json' })).json();
  } finally {
    await t.close();
  }
}

export async function clientSchemaSource(spec: Record<string, unknown>): Promise<string> {
  // biome-ignore lint/suspicious/noExplicitAny: openapi-typescript takes the document as its own OpenAPI3 type
  const ast = await openapiTS(spec as any, { alphabetize: true });
  return `/**\n * Generated from Imprint's /openapi.json by scripts/generate-client.ts. Do not edit.\n */\n\n${astToString(ast)}`;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  writeFileSync(CLIENT_SCHEMA_FILE, await clientSchemaSource(await servedOpenapi()));
  console.log(`wrote ${path.relative(process.cwd(), CLIENT_SCHEMA_FILE)}`);
  process.exit(0);
}
