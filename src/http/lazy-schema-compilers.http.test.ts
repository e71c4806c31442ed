import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import Fastify from 'fastify';
import { LazySchemaCompilers } from './lazy-schema-compilers.js';
import { schemaValidator } from './schema-validator.js';
import { createTestApp } from './test-app.js';
import { Type } from '@sinclair/typebox';

test("every route's validators and serializers compile", async () => {
  // Fastify would have compiled them all when the app got ready; now a broken schema must still fail here.
  const t = await createTestApp();
  after(() => t.close());
  await t.app.ready();
  assert.doesNotThrow(() => t.app.schemaCompilers.compileAll());
});

test('a schema compiled on first use validates and serializes as when compiled up front', async () => {
  const lazy = new LazySchemaCompilers();
  const app = Fastify({ schemaController: { compilersFactory: { buildSerializer: lazy.serializerFactory } } });
  after(() => app.close());
  app.setValidatorCompiler(lazy.validator(schemaValidator));
  app.addSchema(Type.Object({ code: Type.String() }, { $id: 'Shared' }));
  app.post(
    '/echo',
    { schema: { body: Type.Object({ n: Type.Integer() }), response: { 200: Type.Object({ n: Type.Integer(), shared: Type.Ref('Shared') }) } } },
    async (request) => ({ ...(request.body as object), shared: { code: 'x', internal: 'dropped' }, secret: 'dropped' }),
  );
  const refused = await app.inject({ method: 'POST', url: '/echo', payload: { n: 'nine' } });
  assert.equal(refused.statusCode, 400);
  // A numeric string is coerced as the validator does for no-code tools; fields the schema does not name never leave.
  const answered = await app.inject({ method: 'POST', url: '/echo', payload: { n: '9' } });
  assert.equal(answered.statusCode, 200);
  assert.deepEqual(answered.json(), { n: 9, shared: { code: 'x' } });
});
