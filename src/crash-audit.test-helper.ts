/**
 * What the kill -9 tests (one node, several nodes) share: how a client sends
 * a paid request, and how the test then counts what the database really holds
 * and runs the operator's ledger check on it.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Query } from './pg-schema.test-helper.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const cliEntry = path.join(here, 'cli', existsSync(path.join(here, 'cli', 'cli.js')) ? 'cli.js' : 'cli.ts');

/** One generate as the client sent it; a keyed one may be sent again. */
export interface Sent {
  body: Record<string, unknown>;
  key: string | null;
}

export interface GenerateReply {
  status: number;
  body: { imageURL?: string; code?: string };
}

/** POST /image/generate; a network failure (the node died) rejects, as fetch does. */
export async function postGenerate(base: string, auth: { authorization: string }, sent: Sent): Promise<GenerateReply> {
  const res = await fetch(`${base}/image/generate`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json', ...(sent.key ? { 'idempotency-key': sent.key } : {}) },
    body: JSON.stringify(sent.body),
  });
  return { status: res.status, body: (await res.json()) as GenerateReply['body'] };
}

/** "200", "429 rate_limited"…: a status tally that reads well in a test's log. */
export function replyTag(reply: GenerateReply): string {
  return reply.status === 200 ? '200' : `${reply.status} ${reply.body.code}`;
}

export interface CreditCounts {
  /** Generate rows (reservations), whatever their state. */
  charged: number;
  refunded: number;
  pending: number;
  images: number;
  balance: number;
}

export async function creditCounts(query: Query, accountId: string): Promise<CreditCounts> {
  const count = async (sql: string) => Number((await query(sql, [accountId]))[0].n);
  return {
    charged: await count(`SELECT COUNT(*) AS n FROM ledger WHERE account_id = ? AND reason = 'generate'`),
    refunded: await count(`SELECT COUNT(*) AS n FROM ledger WHERE account_id = ? AND reason = 'refund'`),
    pending: await count(`SELECT COUNT(*) AS n FROM ledger WHERE account_id = ? AND reason = 'generate' AND state = 'pending'`),
    images: await count('SELECT COUNT(*) AS n FROM images WHERE account_id = ?'),
    balance: await count('SELECT credits AS n FROM accounts WHERE id = ?'),
  };
}

/** `imprint ledger check --json` as an operator runs it, on the server's settings; its exit code and report. */
export async function runLedgerCheck(env: NodeJS.ProcessEnv): Promise<{ code: number | null; report: string }> {
  const check = spawn(process.execPath, [...process.execArgv, cliEntry, 'ledger', 'check', '--json'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let report = '';
  check.stdout.on('data', (d) => (report += d));
  check.stderr.on('data', (d) => (report += d));
  const code = await new Promise<number | null>((resolve) => check.once('exit', resolve));
  return { code, report };
}
