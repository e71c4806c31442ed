import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { RenderPool } from '../render/render-pool.js';
import { createTestApp, sampleTemplate, type TestApp } from './test-app.js';

describe('template routes', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(() => t.close());

  const create = (name: string, template: unknown = sampleTemplate(), auth = t.a.auth) =>
    t.app.inject({ method: 'POST', url: '/templates', headers: auth, payload: { name, template } });

  test("GET /templates/all lists only the caller's templates, sorted updatedAt desc by default", async () => {
    const first = (await create('First')).json();
    await new Promise((r) => setTimeout(r, 5));
    const second = (await create('Second')).json();
    await new Promise((r) => setTimeout(r, 5));
    await t.app.inject({ method: 'PUT', url: `/templates/${first.id}`, headers: t.a.auth, payload: { name: 'First, renamed' } });

    const res = await t.app.inject({ url: '/templates/all', headers: t.a.auth });
    assert.equal(res.statusCode, 200);
    const list = res.json() as Array<Record<string, string>>;
    assert.deepEqual(Object.keys(list[0]).sort(), ['createdAt', 'id', 'name', 'updatedAt']);
    assert.deepEqual(
      list.map((x) => x.id),
      [first.id, second.id, t.a.templateId],
    );
    assert.ok(!list.some((x) => x.id === t.b.templateId));
    for (const x of list) assert.equal(new Date(x.updatedAt).toISOString(), x.updatedAt);

    const created = (await t.app.inject({ url: '/templates/all?sort=createdAt&order=asc', headers: t.a.auth })).json() as Array<{ id: string }>;
    assert.deepEqual(
      created.map((x) => x.id),
      [t.a.templateId, first.id, second.id],
    );
    const createdDesc = (await t.app.inject({ url: '/templates/all?sort=createdAt', headers: t.a.auth })).json() as Array<{ id: string }>;
    assert.deepEqual(
      createdDesc.map((x) => x.id),
      [second.id, first.id, t.a.templateId],
    );
  });

  test('an invalid sort or order is a 400 invalid_request', async () => {
    for (const query of ['sort=name', 'order=up', 'sort=']) {
      const res = await t.app.inject({ url: `/templates/all?${query}`, headers: t.a.auth });
      assert.equal(res.statusCode, 400, query);
      assert.equal(res.json().code, 'invalid_request');
    }
  });

  test("GET /templates/{id}/elements reports a text's size after layout, as Fabric's initDimensions computes it, not a stale stored one", async () => {
    const template = {
      version: '7.4.0',
      width: 400,
      height: 300,
      objects: [
        // Hand-edited heights: Fabric recomputes both on load.
        { type: 'textbox', name: 'one', text: 'Hello', left: 0, top: 0, width: 300, height: 999, fontFamily: 'Inter', fontSize: 40 },
        { type: 'textbox', name: 'two', text: 'Hello\nworld', left: 0, top: 100, width: 300, height: 1, fontFamily: 'Inter', fontSize: 40, lineHeight: 1.16 },
        { type: 'text', name: 'label', text: 'Hi', left: 0, top: 200, width: 5000, height: 3, fontFamily: 'Inter', fontSize: 20 },
        { type: 'rect', name: 'box', left: 0, top: 0, width: 10, height: 10 },
      ],
    };
    const created = await t.app.inject({ method: 'POST', url: '/templates', headers: t.a.auth, payload: { name: 'Stale heights', template } });
    assert.equal(created.statusCode, 201, created.body);
    const { elements } = (await t.app.inject({ url: `/templates/${created.json().id}/elements`, headers: t.a.auth })).json();
    // Fabric: each line is fontSize × lineHeight × 1.13 (_fontSizeMult), the last without lineHeight.
    assert.ok(Math.abs(elements.one.height - 40 * 1.13) < 1e-9, String(elements.one.height));
    assert.ok(Math.abs(elements.two.height - (40 * 1.16 * 1.13 + 40 * 1.13)) < 1e-9, String(elements.two.height));
    assert.equal(elements.one.width, 300, 'a Textbox keeps its width');
    assert.ok(elements.label.width > 10 && elements.label.width < 40, `a Text is as wide as its text (${elements.label.width})`);
    assert.equal(elements.box.height, 10, 'other kinds report what is stored');
  });

  test('GET /templates/{id}/elements lays out a bounded amount of text per request; texts past it report their stored size', async () => {
    // Shrink-to-fit lays a text out up to 16 times: four of these took seconds.
    const long = (i: number) => ({
      type: 'textbox',
      name: `long${i}`,
      text: '\u0627'.repeat(10_000),
      left: 0,
      top: 0,
      width: 1,
      height: 7,
      fontFamily: 'Noto Sans',
      fontSize: 20,
      splitByGrapheme: true,
      textFit: 'shrink',
      minFontSize: 1,
    });
    const template = {
      version: '7.4.0',
      width: 400,
      height: 300,
      objects: [{ type: 'textbox', name: 'short', text: 'Hello', left: 0, top: 0, width: 300, height: 999, fontFamily: 'Inter', fontSize: 40 }, ...[1, 2, 3, 4].map(long)],
    };
    const created = await t.app.inject({ method: 'POST', url: '/templates', headers: t.a.auth, payload: { name: 'Long texts', template } });
    assert.equal(created.statusCode, 201, created.body);
    const { elements } = (await t.app.inject({ url: `/templates/${created.json().id}/elements`, headers: t.a.auth })).json();
    assert.ok(Math.abs(elements.short.height - 40 * 1.13) < 1e-9, 'the short text is laid out');
    for (const i of [1, 2, 3, 4]) assert.deepEqual([elements[`long${i}`].width, elements[`long${i}`].height], [1, 7], `long${i} keeps its stored size`);
  });

  test('GET /templates/{id}/elements with render workers: laid out on a worker, the same answer as in this thread', async () => {
    const template = {
      version: '7.4.0',
      width: 400,
      height: 300,
      objects: [{ type: 'textbox', name: 'two', text: 'Hello\nworld', left: 0, top: 0, width: 300, height: 1, fontFamily: 'Inter', fontSize: 40, lineHeight: 1.16 }],
    };
    const pool = new RenderPool({ size: 1 });
    const tenants: Array<string | undefined> = [];
    const workers = await createTestApp({
      renderer: {
        render: (input, opts) => pool.render(input, opts),
        elements: (document, fonts, opts) => {
          tenants.push(opts?.tenant);
          return pool.elements(document, fonts, opts);
        },
      },
    });
    try {
      const created = await workers.app.inject({ method: 'POST', url: '/templates', headers: workers.a.auth, payload: { name: 'On a worker', template } });
      assert.equal(created.statusCode, 201, created.body);
      const res = await workers.app.inject({ url: `/templates/${created.json().id}/elements`, headers: workers.a.auth });
      assert.equal(res.statusCode, 200, res.body);
      assert.ok(Math.abs(res.json().elements.two.height - (40 * 1.16 * 1.13 + 40 * 1.13)) < 1e-9, String(res.json().elements.two.height));
      assert.deepEqual(tenants, [workers.a.account.id], "on the account's share of the workers");
    } finally {
      await workers.close();
      await pool.close();
    }
  });

  test('GET /templates/{id}/elements returns every named element with its properties', async () => {
    const res = await t.app.inject({ url: `/templates/${t.a.templateId}/elements`, headers: t.a.auth });
    assert.equal(res.statusCode, 200);
    const { elements } = res.json();
    assert.deepEqual(Object.keys(elements).sort(), ['background', 'logo', 'rule', 'title']);
    assert.equal(elements.title.text, 'Hello Imprint');
    assert.equal(elements.title.fontSize, 24);
    assert.equal(elements.title.fontFamily, 'Inter');
    assert.equal(elements.background.fill, '#0f172a');
    assert.equal(elements.background.rx, 12);
    assert.match(elements.logo.src, /^data:image\/png/);
  });

  test('GET /templates/{id}/elements/basic returns src, text or fill per kind', async () => {
    const res = await t.app.inject({ url: `/templates/${t.a.templateId}/elements/basic`, headers: t.a.auth });
    assert.equal(res.statusCode, 200);
    const { elements } = res.json();
    assert.deepEqual(elements.title, { text: 'Hello Imprint' });
    assert.deepEqual(elements.background, { fill: '#0f172a' });
    assert.deepEqual(Object.keys(elements.logo), ['src']);
    assert.deepEqual(Object.keys(elements.rule), ['fill']);
  });

  test('create, read, update and delete a template', async () => {
    const created = await create('Crud');
    assert.equal(created.statusCode, 201, created.body);
    const { id, createdAt, updatedAt } = created.json();
    assert.equal(createdAt, updatedAt);
    const got = await t.app.inject({ url: `/templates/${id}`, headers: t.a.auth });
    assert.equal(got.statusCode, 200);
    assert.deepEqual(got.json().template, sampleTemplate());
    await new Promise((r) => setTimeout(r, 5));
    const changed = sampleTemplate();
    (changed.objects as Array<Record<string, unknown>>)[1].text = 'Updated';
    const put = await t.app.inject({ method: 'PUT', url: `/templates/${id}`, headers: t.a.auth, payload: { template: changed } });
    assert.equal(put.statusCode, 200, put.body);
    assert.ok(put.json().updatedAt > updatedAt, 'updatedAt moves');
    assert.equal(put.json().createdAt, createdAt);
    const elements = (await t.app.inject({ url: `/templates/${id}/elements/basic`, headers: t.a.auth })).json().elements;
    assert.equal(elements.title.text, 'Updated');
    const del = await t.app.inject({ method: 'DELETE', url: `/templates/${id}`, headers: t.a.auth });
    assert.equal(del.statusCode, 204);
    assert.equal((await t.app.inject({ url: `/templates/${id}`, headers: t.a.auth })).statusCode, 404);
  });

  test('If-Match: a save made on an older revision is refused (412) and saves nothing; the ETag names each revision', async () => {
    const created = await create('Two tabs');
    assert.equal(created.headers.etag, '"rev-1"');
    const { id } = created.json();
    const read = await t.app.inject({ url: `/templates/${id}`, headers: t.a.auth });
    assert.equal(read.headers.etag, '"rev-1"');
    const unchanged = await t.app.inject({ url: `/templates/${id}`, headers: { ...t.a.auth, 'if-none-match': '"rev-1"' } });
    assert.equal(unchanged.statusCode, 304);
    assert.equal(unchanged.body, '');
    const put = (name: string, ifMatch?: string) =>
      t.app.inject({ method: 'PUT', url: `/templates/${id}`, headers: { ...t.a.auth, ...(ifMatch === undefined ? {} : { 'if-match': ifMatch }) }, payload: { name } });

    // Tab A saves over what it read.
    const first = await put('Saved by A', read.headers.etag as string);
    assert.equal(first.statusCode, 200, first.body);
    assert.equal(first.headers.etag, '"rev-2"');
    // Tab B read revision 1 too: its save is refused, naming the revision that is there now.
    const second = await put('Saved by B', '"rev-1"');
    assert.equal(second.statusCode, 412, second.body);
    assert.equal(second.json().code, 'template_changed');
    assert.match(second.json().message, /revision 2/);
    assert.equal(second.headers.etag, '"rev-2"');
    assert.equal((await t.app.inject({ url: `/templates/${id}`, headers: t.a.auth })).json().name, 'Saved by A');
    // A list may name the current one; a weak tag or another form never matches; * matches any; no header replaces.
    assert.equal((await put('Listed', '"rev-99999999999", "rev-2"')).statusCode, 200);
    for (const tag of ['W/"rev-3"', 'rev-3', '"3"', '"rev-03"', '']) {
      const refused = await put('Nope', tag);
      assert.equal(refused.statusCode, 412, tag);
      // A tag of another form is told apart from a stale one.
      assert.match(refused.json().message, /If-Match names no revision/, tag);
    }
    assert.equal((await put('Any', '*')).statusCode, 200);
    const blind = await put('Blind');
    assert.equal(blind.statusCode, 200);
    assert.equal(blind.headers.etag, '"rev-5"');
    assert.equal((await t.app.inject({ url: `/templates/${id}`, headers: { ...t.a.auth, 'if-none-match': '"rev-1"' } })).statusCode, 200, 'changed since');
    // A missing template is still a 404, whatever If-Match says.
    const missing = await t.app.inject({ method: 'PUT', url: '/templates/tpl_missing', headers: { ...t.a.auth, 'if-match': '"rev-1"' }, payload: { name: 'x' } });
    assert.equal(missing.statusCode, 404);
  });

  test("a template's name is printable text with something visible, on create and on rename", async () => {
    for (const name of ['a\u0000b', 'two\nlines', 'evil\u202Etxt.exe', 'tab\there', '   ']) {
      const refused = await create(name);
      assert.equal(refused.statusCode, 400, `${JSON.stringify(name)}: ${refused.body}`);
      assert.equal(refused.json().code, 'invalid_request');
      assert.match(refused.json().message, /name must be printable text/);
    }
    const created = await create('Ünïcode — 名前 ✓');
    assert.equal(created.statusCode, 201, created.body);
    const renamed = await t.app.inject({ method: 'PUT', url: `/templates/${created.json().id}`, headers: t.a.auth, payload: { name: 'new\u2028name' } });
    assert.equal(renamed.statusCode, 400, renamed.body);
    assert.equal((await t.app.inject({ url: `/templates/${created.json().id}`, headers: t.a.auth })).json().name, 'Ünïcode — 名前 ✓');
  });

  test('a template is validated on save: unsupported objects, duplicate names, unknown fonts', async () => {
    const bad = (mutate: (doc: Record<string, unknown>, objects: Array<Record<string, unknown>>) => void) => {
      const doc = sampleTemplate();
      mutate(doc, doc.objects as Array<Record<string, unknown>>);
      return create('Bad', doc);
    };
    const sparkle = await bad((_, o) => (o[0].sparkle = 1));
    assert.equal(sparkle.statusCode, 400);
    assert.equal(sparkle.json().code, 'invalid_template');
    assert.match(sparkle.json().message, /sparkle/);
    const type = await bad((_, o) => (o[0].type = 'video'));
    assert.equal(type.json().code, 'invalid_template');
    const dup = await bad((_, o) => (o[2].name = 'title'));
    assert.equal(dup.json().code, 'invalid_template');
    assert.match(dup.json().message, /title/);
    const font = await bad((_, o) => (o[1].fontFamily = 'Comic Sans MS'));
    assert.equal(font.statusCode, 400);
    assert.equal(font.json().code, 'unknown_font');
    assert.match(font.json().message, /Inter/);
    const noSize = await bad((doc) => delete doc.width);
    assert.equal(noSize.json().code, 'invalid_request');
  });

  test("another account's template is a 404 on every route, and is left unchanged", async () => {
    const id = t.b.templateId;
    for (const [method, url, payload] of [
      ['GET', `/templates/${id}`],
      ['GET', `/templates/${id}/elements`],
      ['GET', `/templates/${id}/elements/basic`],
      ['PUT', `/templates/${id}`, { name: 'stolen' }],
      ['DELETE', `/templates/${id}`],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: t.a.auth, ...(payload ? { payload } : {}) });
      assert.equal(res.statusCode, 404, `${method} ${url}`);
      assert.equal(res.json().code, 'template_not_found');
    }
    const mine = await t.app.inject({ url: `/templates/${id}`, headers: t.b.auth });
    assert.equal(mine.statusCode, 200);
    assert.equal(mine.json().name.startsWith('bob'), true);
  });
});

describe('template storage', () => {
  test('saves past TEMPLATE_QUOTA_MB are refused (409) and change nothing; deleting a template frees its share', async () => {
    const size = Buffer.byteLength(JSON.stringify(sampleTemplate()));
    // A template is stored twice (its first revision and its own copy): the seeded one takes 2 sizes, a new one
    // 2 more, a save of the same document 1 more (its revision). Room for those, not for a second save.
    const t = await createTestApp({ templateQuotaBytes: 5.5 * size });
    try {
      const save = (method: 'POST' | 'PUT', url: string) => t.app.inject({ method, url, headers: t.a.auth, payload: { name: 'Card', template: sampleTemplate() } });
      const created = await save('POST', '/templates');
      assert.equal(created.statusCode, 201, created.body);
      const id = created.json().id;
      assert.equal((await save('PUT', `/templates/${id}`)).statusCode, 200, 'a save keeps a revision, which counts too');
      const refused = await save('PUT', `/templates/${id}`);
      assert.equal(refused.statusCode, 409, refused.body);
      assert.equal(refused.json().code, 'template_quota_exceeded');
      assert.match(refused.json().message, /TEMPLATE_QUOTA_MB.*last 50 saves/);
      assert.equal((await t.store.getTemplate(t.a.account.id, id))?.revision, 2, 'nothing was saved');
      assert.equal((await save('POST', '/templates')).statusCode, 409);
      assert.equal(
        (await t.app.inject({ method: 'POST', url: '/templates', headers: t.b.auth, payload: { name: 'B', template: sampleTemplate() } })).statusCode,
        201,
        'per account',
      );
      assert.equal((await t.app.inject({ method: 'DELETE', url: `/templates/${id}`, headers: t.a.auth })).statusCode, 204);
      assert.equal((await save('POST', '/templates')).statusCode, 201, 'the deleted template and its revisions no longer count');
    } finally {
      await t.close();
    }
  });
});
