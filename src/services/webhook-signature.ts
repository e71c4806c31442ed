import { createHmac, randomBytes } from 'node:crypto';

const PREFIX = 'whsec_';
/** 32 bytes: the HMAC-SHA256 block-size guidance asks for at least the output length. */
const SECRET_BYTES = 32;

/** A Standard Webhooks secret: `whsec_` + base64 of random bytes, the form every SDK accepts. */
export function newWebhookSecret(): string {
  return `${PREFIX}${randomBytes(SECRET_BYTES).toString('base64')}`;
}

/** The Standard Webhooks headers of one delivery attempt. */
export interface WebhookHeaders {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
}

/**
 * Standard Webhooks signing: `v1,` + base64 HMAC-SHA256 over
 * `{id}.{timestamp}.{payload}` with the secret's decoded bytes. During a
 * rotation each live secret signs, space-separated, so a receiver holding
 * either the old or the new secret verifies the message.
 */
export function signWebhook(secrets: readonly string[], msgId: string, timestampS: number, payload: string): WebhookHeaders {
  const signed = `${msgId}.${timestampS}.${payload}`;
  const signatures = secrets.map((secret) => {
    const key = Buffer.from(secret.startsWith(PREFIX) ? secret.slice(PREFIX.length) : secret, 'base64');
    return `v1,${createHmac('sha256', key).update(signed).digest('base64')}`;
  });
  return { 'webhook-id': msgId, 'webhook-timestamp': String(timestampS), 'webhook-signature': signatures.join(' ') };
}
