import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, RED_PNG_DATA_URL, type TestApp } from './test-app.js';

/** What Zapier, Make, n8n and Pipedream send: strings for numbers, numbers for text, nulls, Bannerbear's list. */
describe('generate and preview take no-code tools’ values', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(async () => t.close());

  const post = (url: string, payload: unknown) =>
    t.app.inject({ method: 'POST', url, headers: { ...t.a.auth, 'content-type': 'application/json' }, payload: JSON.stringify(payload) });
  const generate = (body: Record<string, unknown>) => post('/image/generate', { templateId: t.a.templateId, ...body });
  const credits = async () => (await t.store.getAccount(t.a.account.id))!.credits;
  /** Image URLs hash the pixels: equal URLs mean equal images. */
  const imageOf = async (body: Record<string, unknown>) => {
    const res = await generate(body);
    assert.equal(res.statusCode, 200, res.body);
    return res.json().imageURL as string;
  };

  test('quality and scale accept numeric strings and give the same image as numbers', async () => {
    assert.equal(await imageOf({ format: 'jpeg', quality: '60' }), await imageOf({ format: 'jpeg', quality: 60 }));
    const res = await generate({ scale: ' 0.5 ' });
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(res.json().details.dimensions, { width: 160, height: 90 });
  });

  test('a numeric string is never truncated or stretched past the range, and a failure costs nothing', async () => {
    const start = await credits();
    for (const [body, path] of [
      [{ quality: '60.5' }, 'quality'],
      [{ quality: 'high' }, 'quality'],
      [{ quality: '0' }, 'quality'],
      [{ scale: '9' }, 'scale'],
      [{ scale: '' }, 'scale'],
      [{ scale: true }, 'scale'],
    ] as const) {
      const res = await generate(body);
      assert.equal(res.statusCode, 400, JSON.stringify(body));
      assert.equal(res.json().code, 'invalid_request');
      assert.equal(res.json().errors[0].path, path);
    }
    assert.equal(await credits(), start);
  });

  test('an unknown format names the allowed ones', async () => {
    const res = await generate({ format: 'gif' });
    assert.equal(res.statusCode, 400);
    const body = res.json();
    assert.equal(body.code, 'invalid_request');
    assert.match(body.message, /format must be one of png, jpeg, webp, pdf \(got "gif"\)/);
    assert.doesNotMatch(body.message, /union/i);
    assert.deepEqual(body.errors, [{ path: 'format', message: 'must be one of png, jpeg, webp, pdf (got "gif")' }]);
  });

  test('a text sent as a number or boolean is its string, and null is empty text', async () => {
    assert.equal(await imageOf({ elements: { title: { text: 2025 } } }), await imageOf({ elements: { title: { text: '2025' } } }));
    assert.equal(await imageOf({ elements: { title: { text: true } } }), await imageOf({ elements: { title: { text: 'true' } } }));
    assert.equal(await imageOf({ elements: { title: { text: null } } }), await imageOf({ elements: { title: { text: '' } } }));
    // Only text takes them: a colour or a size still has to be one.
    const res = await generate({ elements: { title: { fill: null } } });
    assert.equal(res.statusCode, 400);
    assert.equal(res.json().code, 'invalid_property');
  });

  test('a Bannerbear list draws exactly what the object form draws', async () => {
    const list = await imageOf({
      modifications: [
        { name: 'title', text: 'Hi from a list', color: '#ff0000', font_family: 'Inter', text_align_h: 'center' },
        { name: 'logo', image_url: RED_PNG_DATA_URL },
        { name: 'background', border_color: '#00ff00', border_width: '4' },
        { name: 'rule', hide: true },
        { name: 'title', fontSize: 30 },
      ],
    });
    const object = await imageOf({
      elements: {
        title: { text: 'Hi from a list', fill: '#ff0000', fontFamily: 'Inter', textAlign: 'center', fontSize: 30 },
        logo: { src: RED_PNG_DATA_URL },
        background: { stroke: '#00ff00', strokeWidth: 4 },
        rule: { visible: false },
      },
    });
    assert.equal(list, object);
    assert.notEqual(list, await imageOf({}));
  });

  test('a bad list answers a clear 400 naming the item, and charges nothing', async () => {
    const start = await credits();
    const cases: Array<[unknown, string, RegExp]> = [
      [[{ text: 'no name' }], 'invalid_request', /modifications\.0\.name/],
      [[{ name: 'title', color: '#fff', fill: '#000' }], 'invalid_request', /modifications\.0\.fill sets "title\.fill" a second time/],
      [[{ name: 'rule', hide: 'maybe' }], 'invalid_request', /"hide" must be true or false/],
      [['title'], 'invalid_request', /modifications\.0 /],
      [[{ name: 'nope', text: 'x' }], 'unknown_element', /Unknown element "nope"/],
      [[{ name: 'title', background: '#000' }], 'invalid_property', /"title\.background" cannot be changed/],
    ];
    for (const [modifications, code, message] of cases) {
      const res = await generate({ modifications });
      assert.equal(res.statusCode, 400, JSON.stringify(modifications));
      assert.equal(res.json().code, code, res.body);
      assert.match(res.json().message, message);
    }
    assert.equal(await credits(), start);
  });

  test('a list sent as "elements" points to "modifications", and charges nothing', async () => {
    const start = await credits();
    for (const elements of [[{ name: 'title', text: 'x' }], [1, 2, 3]]) {
      const res = await generate({ elements });
      assert.equal(res.statusCode, 400, res.body);
      assert.equal(res.json().code, 'invalid_request');
      assert.match(res.json().message, /elements must be an object, not a list: Map from element name/);
      assert.match(res.json().message, /a list of \{"name": …\} items goes in "modifications" instead\)\.$/);
      assert.deepEqual(
        res.json().errors.map((e: { path: string }) => e.path),
        ['elements'],
      );
    }
    assert.equal(await credits(), start);
  });

  test('Content-Type: application/json with no body is no body where a route takes none, and a clear 400 where one is needed', async () => {
    // n8n's and Pipedream's HTTP steps send the header on every method.
    const created = await post('/templates', { name: 'to delete', template: { width: 100, height: 100, objects: [] } });
    assert.equal(created.statusCode, 201, created.body);
    const headers = { ...t.a.auth, 'content-type': 'application/json' };
    const deleted = await t.app.inject({ method: 'DELETE', url: `/templates/${created.json().id}`, headers, payload: '' });
    assert.equal(deleted.statusCode, 204, deleted.body);
    const before = await credits();
    const empty = await t.app.inject({ method: 'POST', url: '/image/generate', headers, payload: '' });
    assert.equal(empty.statusCode, 400);
    assert.match(empty.json().message, /The body is empty/);
    const none = await t.app.inject({ method: 'POST', url: '/image/generate', headers: t.a.auth });
    assert.equal(none.statusCode, 400);
    assert.match(none.json().message, /^The body is invalid: body is missing or null: send a JSON object with Content-Type: application\/json\.$/);
    assert.equal(await credits(), before);
  });

  test('Content-Type: application/json with no body takes the defaults where the body is optional', async () => {
    const headers = { ...t.a.auth, 'content-type': 'application/json' };
    for (const url of ['/account/keys', '/account/url-keys']) {
      const created = await t.app.inject({ method: 'POST', url, headers, payload: '' });
      assert.equal(created.statusCode, 201, `${url}: ${created.body}`);
      assert.equal(created.json().name, null);
      const named = await t.app.inject({ method: 'POST', url, headers, payload: { name: 'zap' } });
      assert.equal(named.json().name, 'zap', 'a body, when sent, is still read');
    }
  });

  test('preview takes the list too', async () => {
    const list = await post('/image/preview', { templateId: t.a.templateId, modifications: [{ name: 'title', text: 2025, color: '#00ff00' }] });
    const object = await post('/image/preview', { templateId: t.a.templateId, elements: { title: { text: '2025', fill: '#00ff00' } } });
    assert.equal(list.statusCode, 200, list.body);
    assert.deepEqual(list.rawPayload, object.rawPayload);
  });
});
