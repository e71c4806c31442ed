import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createImprintClient, type GenerateRequest, type ImprintClient } from '../../packages/client/src/index.js';
import { CLIENT_SCHEMA_FILE, clientSchemaSource, servedOpenapi } from '../../scripts/generate-client.js';
import { startServerProcess, type ServerProcess } from '../server-process.test-helper.js';

test('packages/client/src/schema.ts is generated from the current /openapi.json', async () => {
  const fresh = await clientSchemaSource(await servedOpenapi());
  assert.ok(fresh === readFileSync(CLIENT_SCHEMA_FILE, 'utf8'), 'the typed client is out of date: npm run build && node dist/scripts/generate-client.js');
});

/** The client as a user of the package would call it, against the real server process on its socket. */
describe('the typed client against a running server', () => {
  let server: ServerProcess;
  let client: ImprintClient;
  before(async () => {
    server = await startServerProcess();
    client = createImprintClient({ baseUrl: `${server.base}/`, apiKey: server.key });
  });
  after(async () => server.stop());

  test('lists templates, reads elements, generates an image and downloads it', async () => {
    const list = await client.GET('/templates/all', { params: { query: { sort: 'createdAt', order: 'asc' } } });
    assert.equal(list.response.status, 200);
    const card = list.data?.find((template) => template.name === 'Social card');
    assert.ok(card, JSON.stringify(list.data));

    const elements = await client.GET('/templates/{templateId}/elements', { params: { path: { templateId: card.id } } });
    assert.equal(typeof elements.data?.elements.title?.text, 'string');

    // The no-code forms are typed too: a list of modifications and a quality as a string would not compile if the schema lost them.
    const body: GenerateRequest = { templateId: card.id, modifications: [{ name: 'title', text: 2025, color: '#ffffff' }], format: 'webp', quality: 80 };
    const generated = await client.POST('/image/generate', { body });
    assert.equal(generated.response.status, 200, JSON.stringify(generated.error));
    // The type is 200 | 202 (async); without webhookUrl or Prefer the answer is the synchronous one.
    const result = generated.data;
    assert.ok(result && 'imageURL' in result, JSON.stringify(result));
    assert.equal(result.usage.creditsUsed, 1);
    assert.equal(result.details.format, 'webp');
    const image = await fetch(result.imageURL);
    assert.equal(image.status, 200);
    assert.equal(image.headers.get('content-type'), 'image/webp');
  });

  test('errors arrive typed, with the catalog code', async () => {
    const bad = await client.POST('/image/generate', { body: { templateId: 'tpl_missing', format: 'gif' as 'png' } });
    assert.equal(bad.response.status, 400);
    assert.equal(bad.error?.code, 'invalid_request');
    assert.match(bad.error?.message ?? '', /png, jpeg, webp/);

    const anonymous = createImprintClient({ baseUrl: server.base });
    const refused = await anonymous.GET('/account');
    assert.equal(refused.response.status, 401);
    assert.equal(refused.error?.code, 'invalid_api_key');
  });
});
