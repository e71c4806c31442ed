import { readFile } from 'node:fs/promises';
import { ApiError } from '../domain/errors.js';
import type { Runtime } from '../main.js';
import { backupDatabase } from '../services/backup-database.js';
import { checkLedger } from '../services/check-ledger.js';
import { createAccount, grantCredits, requireAccount } from '../services/manage-accounts.js';
import { createApiKey, describeKey, listApiKeys, revokeApiKey } from '../services/manage-api-keys.js';
import { createTemplate } from '../services/manage-templates.js';
import { createUrlKey, signUrl } from '../services/manage-url-keys.js';
import { createInvite, createResetLink } from '../services/manage-users.js';
import { parseSets, renderLocal } from './render-local.js';
import type { RenderFormat } from '../render/render-document.js';

export const USAGE = `Usage: npx imprint <command> [options]   (add --json for machine-readable output)

  serve                                            start the HTTP server (same as npm start)
  accounts create --name N --credits C             create an account; prints its id and first API key
  accounts list
  credits grant --account ID --amount N [--note T] add (or with a negative N remove) credits
  keys create --account ID                         issue another API key (shown once)
  keys list --account ID
  keys revoke --account ID --key KEY_ID            immediate
  url-keys create --account ID [--name N]          a key for signing image URLs: prints its id and secret (shown once)
  url --template ID --key KEY_ID [--set el.prop=value …] [--format png|jpeg|webp] [--rev N] [--exp UNIX_SECONDS]
                                                   print a signed image URL (GET /u/…; free until first opened)
  ledger check                                     verify every account's balance against its ledger
                                                   and that no reservation is stuck; exits 1 if not
  backup --out FILE                                SQLite: a consistent copy while the server runs (never
                                                   overwrites FILE); PostgreSQL: refused, use pg_dump
  invites create                                   print a one-time sign-up link (for SIGNUP=invite; valid 7 days)
  users reset-password --email E                   print a one-time password reset link (valid 1 hour)
  templates import --account ID FILE [--name N]    FILE: {"name","template"} or a bare Fabric document
  render FILE --out OUT.png [--set el.prop=value …] [--format png|jpeg|webp|pdf] [--scale S]
                                                   render locally: no server, no credits
  batch DATA.csv --template FILE_OR_ID --out DIR/ [--server URL [--key KEY]] [--format png|jpeg|webp|pdf]
        [--scale S] [--concurrency N] [--name COLUMN]
                                                   one image per CSV row (header: element.property names),
                                                   locally from a template FILE (N workers, default one per
                                                   CPU) or through a server from a template ID (N requests,
                                                   default 4; the key from --key or IMPRINT_KEY); files
                                                   already in DIR are skipped, so running it again
                                                   resumes; exits 1 if a row failed

Settings come from the environment (DATA_DIR, DATABASE_URL, …) exactly as for the server.`;

type Values = Record<string, string | boolean | string[] | undefined>;

export interface CommandResult {
  text: string;
  data: unknown;
  /** Non-zero when the command ran but found a problem (ledger check). */
  exitCode?: number;
}

export async function runCommand(runtime: Runtime, [group, action, ...rest]: string[], values: Values): Promise<CommandResult> {
  const deps = runtime.deps;
  const str = (name: string): string => {
    const v = values[name];
    if (typeof v !== 'string' || v.trim() === '') throw new ApiError('invalid_request', `--${name} is required for "${group} ${action}".`);
    return v;
  };
  const int = (name: string): number => {
    const n = Number(str(name));
    if (!Number.isInteger(n)) throw new ApiError('invalid_request', `--${name} must be a whole number.`);
    return n;
  };
  switch (`${group} ${action ?? ''}`.trim()) {
    case 'accounts create': {
      const { account, key } = await createAccount(deps, { name: str('name'), credits: values.credits === undefined ? 0 : int('credits') });
      return {
        data: { account, apiKey: key.plaintext, keyId: key.record.id },
        text: `Account ${account.id} "${account.name}" with ${account.credits} credits.\nAPI key (shown once): ${key.plaintext}`,
      };
    }
    case 'accounts list': {
      const accounts = await deps.store.listAccounts();
      return { data: accounts, text: accounts.map((a) => `${a.id}  ${a.credits.toString().padStart(8)} credits  ${a.name}`).join('\n') || 'No accounts.' };
    }
    case 'credits grant': {
      const balance = await grantCredits(deps, str('account'), int('amount'), typeof values.note === 'string' ? values.note : null);
      return { data: { accountId: values.account, balance }, text: `Balance of ${values.account} is now ${balance}.` };
    }
    case 'keys create': {
      await requireAccount(deps, str('account'));
      const issued = await createApiKey(deps, str('account'));
      return { data: { ...describeKey(issued.record), key: issued.plaintext }, text: `Key ${issued.record.id} (shown once): ${issued.plaintext}` };
    }
    case 'keys list': {
      await requireAccount(deps, str('account'));
      const keys = (await listApiKeys(deps, str('account'))).map(describeKey);
      return {
        data: keys,
        text:
          keys
            .map((k) => `${k.id}  ${k.prefix}…${k.last4}  created ${k.createdAt}  last used ${k.lastUsedAt ?? 'never'}${k.revokedAt ? `  REVOKED ${k.revokedAt}` : ''}`)
            .join('\n') || 'No keys.',
      };
    }
    case 'keys revoke': {
      await revokeApiKey(deps, str('account'), str('key'));
      return { data: { revoked: values.key }, text: `Revoked ${values.key}.` };
    }
    case 'url-keys create': {
      await requireAccount(deps, str('account'));
      const issued = await createUrlKey(deps, str('account'), typeof values.name === 'string' ? values.name : null);
      return { data: { id: issued.record.id, secret: issued.secret }, text: `URL key ${issued.record.id}\nSecret (keep it on your server): ${issued.secret}` };
    }
    case 'url': {
      // The key names its account: the operator needs no --account, and cannot sign for another one.
      const found = await deps.store.findUrlKey(str('key'));
      if (!found) throw new ApiError('key_not_found', `No active URL key with id "${values.key}". Create one with npx imprint url-keys create --account ID.`);
      const signed = await signUrl(deps, found.account, {
        keyId: found.key.id,
        templateId: str('template'),
        format: values.format as 'png' | 'jpeg' | 'webp' | undefined,
        elements: parseSets((values.set as string[] | undefined) ?? []) as Record<string, Record<string, string>>,
        exp: values.exp === undefined ? undefined : int('exp'),
        rev: values.rev === undefined ? undefined : int('rev'),
      });
      return { data: signed, text: signed.url };
    }
    case 'ledger check': {
      const { reservationLeaseS, reservationSweepS } = runtime.config;
      const report = await checkLedger(deps, { stalePendingMs: (reservationLeaseS + reservationSweepS) * 1000 });
      const failing = report.accounts.filter((a) => a.problems.length > 0);
      const text = report.ok
        ? `Ledger OK: ${report.accounts.length} account(s); balance = grants − committed − pending everywhere, no reservation pending longer than ${report.stalePendingAfterSeconds} s.`
        : failing.map((a) => `${a.accountId} "${a.name}":\n${a.problems.map((p) => `  - ${p}`).join('\n')}`).join('\n');
      return { data: report, text, exitCode: report.ok ? 0 : 1 };
    }
    case 'backup': {
      const backup = await backupDatabase(deps, str('out'));
      return { data: backup, text: `Backed up the database to ${backup.file} (${backup.bytes} bytes, ${backup.pages} pages, integrity check ok).` };
    }
    case 'invites create': {
      const invite = await createInvite(deps);
      const note = runtime.config.signup === 'invite' ? '' : `\nNote: SIGNUP is "${runtime.config.signup}", so sign-up does not ask for this link.`;
      return { data: invite, text: `One-time sign-up link (valid until ${invite.expiresAt}):\n\n  ${invite.url}${note}` };
    }
    case 'users reset-password': {
      const reset = await createResetLink(deps, str('email'));
      return {
        data: { url: reset.url, expiresAt: reset.expiresAt, email: reset.user.email },
        text: `One-time password reset link for ${reset.user.email} (valid until ${reset.expiresAt}):\n\n  ${reset.url}\n\nUsing it ends every session of this user.`,
      };
    }
    case 'templates import': {
      const file = rest[0];
      if (!file) throw new ApiError('invalid_request', 'templates import needs a FILE.');
      const parsed = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
      const wrapped = 'template' in parsed && typeof parsed.template === 'object';
      const template = wrapped ? parsed.template : parsed;
      const name = typeof values.name === 'string' ? values.name : wrapped && typeof parsed.name === 'string' ? parsed.name : file.replace(/^.*\//, '').replace(/\.json$/, '');
      await requireAccount(deps, str('account'));
      const record = await createTemplate(deps, str('account'), { name, template });
      return { data: { id: record.id, name: record.name, createdAt: record.createdAt, updatedAt: record.updatedAt }, text: `Imported template ${record.id} "${record.name}".` };
    }
    default:
      if (group === 'render') {
        const file = action;
        if (!file) throw new ApiError('invalid_request', 'render needs a FILE.');
        const result = await renderLocal(runtime, file, {
          out: str('out'),
          sets: (values.set as string[] | undefined) ?? [],
          format: values.format as RenderFormat | undefined,
          scale: values.scale === undefined ? undefined : Number(values.scale),
        });
        return { data: result, text: `Wrote ${result.out} (${result.width}×${result.height} ${result.format}, ${result.bytes} bytes).` };
      }
      throw new ApiError('invalid_request', `Unknown command "${[group, action].filter(Boolean).join(' ')}".\n\n${USAGE}`);
  }
}
