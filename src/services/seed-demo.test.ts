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
import { DEMO_ACCOUNT, seedDemo } from './seed-demo.js';

const NODES = 6;

// Nodes of one deployment start together on an empty database; each runs the seed. One of them seeds,
// the others must start quietly, whichever check (the service's look or the unique name) caught them.
async function seedConcurrently(nodes: Store[]): Promise<void> {
  const depsOf = (store: Store) => ({ store, now: () => '2026-01-01T00:00:00.000Z', fontFamilies: async () => bundledFontFamilies() });
  const results = await Promise.allSettled(Array.from({ length: NODES }, (_, i) => seedDemo(depsOf(nodes[i % nodes.length]), demoTemplatesDir())));
  const store = nodes[0];
  const rejected = results.filter((r) => r.status === 'rejected');
  assert.deepEqual(rejected, [], 'no node may fail to start because another seeded first');
  const seeded = results.flatMap((r) => (r.status === 'fulfilled' && r.value ? [r.value] : []));
  assert.equal(seeded.length, 1, 'exactly one node seeds and prints the key');
  const account = await store.findAccountByName(DEMO_ACCOUNT);
  assert.ok(account, 'the demo account exists');
  assert.equal(account.id, seeded[0].account.id);
  assert.equal((await store.listTemplates(account.id, 'createdAt', 'asc')).length, seeded[0].templateIds.length);
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
