import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { demoTemplatesDir } from '../main.js';
import { freshPgSchema } from '../pg-schema.test-helper.js';
import { bundledFontFamilies } from '../render/fonts/font-registry.js';
import { openStore } from '../store/open-store.js';
import type { Store } from '../store/store.js';
import { createAccount } from './manage-accounts.js';
import { DEMO_ACCOUNT, seedDemo } from './seed-demo.js';

const NODES = 6;

// Nodes of one deployment start together on an empty database; each runs the seed. One of them creates the
// account; the others start without an error, whichever check (the service's look or the unique name)
// caught them. A node that looked while the first was still making the templates may finish the seed
// with it (it cannot tell that from a first start killed mid-seed): it prints a key of its own, and the
// fixed template ids keep one copy of each template.
async function seedConcurrently(nodes: Store[]): Promise<void> {
  const depsOf = (store: Store) => ({ store, now: () => '2026-01-01T00:00:00.000Z', fontFamilies: async () => bundledFontFamilies() });
  const results = await Promise.allSettled(Array.from({ length: NODES }, (_, i) => seedDemo(depsOf(nodes[i % nodes.length]), demoTemplatesDir())));
  const store = nodes[0];
  const rejected = results.filter((r) => r.status === 'rejected');
  assert.deepEqual(rejected, [], 'no node may fail to start because another seeded first');
  const seeded = results.flatMap((r) => (r.status === 'fulfilled' && r.value ? [r.value] : []));
  assert.ok(seeded.length >= 1, 'a node seeds and prints a key');
  const account = await store.findAccountByName(DEMO_ACCOUNT);
  assert.ok(account, 'the demo account exists');
  const keys = await store.listApiKeys(account.id);
  for (const s of seeded) {
    assert.equal(s.account.id, account.id);
    assert.ok(
      keys.some((k) => k.id === s.key.record.id && k.revokedAt === null),
      'every key printed works',
    );
  }
  assert.equal((await store.listTemplates(account.id, 'createdAt', 'asc')).length, seeded[0].templateIds.length, 'one copy of each template');
  assert.ok(seeded[0].templateIds.length >= 3);
  // A later start finds it there and seeds nothing.
  assert.equal(await seedDemo(depsOf(store), demoTemplatesDir()), null);
}

test('SQLite: several nodes seeding at once leave one demo account and start without an error', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'imprint-seed-'));
  const store = await openStore({ dataDir: dir });
  try {
    await seedConcurrently([store]);
  } finally {
    await store.close();
    await rm(dir, { recursive: true, force: true });
  }
});

test('PostgreSQL: several nodes seeding at once leave one demo account and start without an error', async () => {
  const schema = await freshPgSchema('seed');
  try {
    // One store per node, each with its own connections, as separate processes would have.
    const stores = await Promise.all(Array.from({ length: NODES }, () => openStore({ databaseUrl: schema.url, dataDir: tmpdir() })));
    try {
      await seedConcurrently(stores);
      assert.equal((await schema.query('SELECT count(*)::int AS n FROM accounts WHERE name = ?', [DEMO_ACCOUNT]))[0].n, 1);
    } finally {
      for (const store of stores) await store.close();
    }
  } finally {
    await schema.drop();
  }
});

test('a node whose look found no demo account starts quietly when another node creates it right after that look', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'imprint-seed-'));
  const store = await openStore({ dataDir: dir });
  try {
    const deps = { store, now: () => '2026-01-01T00:00:00.000Z', fontFamilies: async () => bundledFontFamilies() };
    // The real store, with only the timing of one answer controlled: this node's first look returns what the
    // database held at that moment (no account), and the other node then seeds completely before this one goes on.
    let otherNode: Awaited<ReturnType<typeof seedDemo>> | undefined;
    const late: Store = Object.create(store);
    late.findAccountByName = async (name) => {
      const found = await store.findAccountByName(name);
      if (otherNode === undefined) otherNode = await seedDemo(deps, demoTemplatesDir());
      return found;
    };
    assert.equal(await seedDemo({ ...deps, store: late }, demoTemplatesDir()), null);
    assert.ok(otherNode, 'the other node seeded');
    assert.equal((await store.listTemplates(otherNode.account.id, 'createdAt', 'asc')).length, otherNode.templateIds.length);
  } finally {
    await store.close();
    await rm(dir, { recursive: true, force: true });
  }
});

test('a first start killed while seeding is finished by the next start: a new key is printed and the missing templates are made', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'imprint-seed-'));
  const store = await openStore({ dataDir: dir });
  const deps = { store, now: () => '2026-01-01T00:00:00.000Z', fontFamilies: async () => bundledFontFamilies() };
  try {
    // What a kill right after the account's row leaves: the account and its first key, never shown, and no template.
    const first = await createAccount(deps, { name: DEMO_ACCOUNT, credits: 100 });
    const finished = await seedDemo(deps, demoTemplatesDir());
    assert.ok(finished, 'the next start finishes the seed and prints a key');
    assert.equal(finished.account.id, first.account.id);
    assert.notEqual(finished.key.record.id, first.key.record.id);
    const templates = await store.listTemplates(first.account.id, 'createdAt', 'asc');
    assert.deepEqual(templates.map((t) => t.id).sort(), [...finished.templateIds].sort());
    assert.ok(finished.templateIds.length >= 3);
    assert.equal(await seedDemo(deps, demoTemplatesDir()), null, 'complete: nothing more');

    // A demo account somebody uses is theirs, whatever its templates: deleting them does not bring a new key
    // nor the templates back, once it signs in (the first start makes its sign-in) or once a key was used.
    for (const t of templates) await store.deleteTemplate(first.account.id, t.id);
    await store.touchApiKey(finished.key.record.id, '2026-01-02T00:00:00.000Z');
    assert.equal(await seedDemo(deps, demoTemplatesDir()), null);
    assert.deepEqual(await store.listTemplates(first.account.id, 'createdAt', 'asc'), []);

    const other = await mkdtemp(path.join(tmpdir(), 'imprint-seed-'));
    const second = await openStore({ dataDir: other });
    try {
      const otherDeps = { ...deps, store: second };
      const seeded = await seedDemo(otherDeps, demoTemplatesDir());
      assert.ok(seeded);
      await second.createUser({ id: 'usr_demo', accountId: seeded.account.id, email: 'demo@example.com', passwordHash: 'x', now: deps.now() });
      await second.deleteTemplate(seeded.account.id, seeded.templateIds[0]!);
      assert.equal(await seedDemo(otherDeps, demoTemplatesDir()), null, 'signed in with the web app: left alone');
      assert.equal((await second.listTemplates(seeded.account.id, 'createdAt', 'asc')).length, seeded.templateIds.length - 1);
    } finally {
      await second.close();
      await rm(other, { recursive: true, force: true });
    }
  } finally {
    await store.close();
    await rm(dir, { recursive: true, force: true });
  }
});
