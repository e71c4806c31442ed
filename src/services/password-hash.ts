import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

export interface ScryptParams {
  /** log2 of N, the CPU/memory cost. */
  logN: number;
  r: number;
  p: number;
}

/**
 * OWASP's scrypt row "N=2^15, r=8, p=3": 32 MiB per hash (128·N·r; Node runs
 * the p lanes one after another in the same buffer) and about 0.5 s of one
 * core here (figures in decision 0016). Equivalent in cost to N=2^17, p=1
 * at a quarter of the memory, so four hashes on libuv's four threads stay
 * near 128 MiB.
 */
export const DEFAULT_SCRYPT: ScryptParams = { logN: 15, r: 8, p: 3 };

const KEY_LENGTH = 32;
const SALT_BYTES = 16;

function derive(password: string, salt: Buffer, params: ScryptParams): Promise<Buffer> {
  const options: ScryptOptions = { N: 2 ** params.logN, r: params.r, p: params.p, maxmem: 128 * 2 ** params.logN * params.r + 1024 * 1024 };
  return new Promise((resolve, reject) => {
    // The async form runs on libuv's pool: a sign-in never blocks the event loop.
    scrypt(password.normalize('NFC'), salt, KEY_LENGTH, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

/** `scrypt$ln=15,r=8,p=3$<salt>$<hash>` (base64url): the parameters travel with the hash, so they can be raised later. */
function format(params: ScryptParams, salt: Buffer, key: Buffer): string {
  return `scrypt$ln=${params.logN},r=${params.r},p=${params.p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

function parse(stored: string): { params: ScryptParams; salt: Buffer; key: Buffer } | null {
  const match = /^scrypt\$ln=(\d{1,2}),r=(\d{1,2}),p=(\d{1,2})\$([A-Za-z0-9_-]+)\$([A-Za-z0-9_-]+)$/.exec(stored);
  if (!match) return null;
  return {
    params: { logN: Number(match[1]), r: Number(match[2]), p: Number(match[3]) },
    salt: Buffer.from(match[4], 'base64url'),
    key: Buffer.from(match[5], 'base64url'),
  };
}

/**
 * Hashes and verifies passwords with scrypt. At most `concurrency` hashes run
 * at once (the rest wait in line), so a burst of sign-ins queues instead of
 * taking every core and all of libuv's pool from renders and file reads.
 */
export class PasswordHasher {
  private running = 0;
  private readonly waiting: Array<() => void> = [];
  private dummy: Promise<string> | null = null;

  constructor(
    readonly params: ScryptParams = DEFAULT_SCRYPT,
    private readonly concurrency = 2,
  ) {}

  async hash(password: string): Promise<string> {
    const salt = randomBytes(SALT_BYTES);
    return format(this.params, salt, await this.limited(() => derive(password, salt, this.params)));
  }

  /** Uses the parameters stored with the hash, so raising DEFAULT_SCRYPT keeps old hashes working. */
  async verify(password: string, stored: string): Promise<boolean> {
    const parsed = parse(stored);
    if (!parsed) return false;
    const key = await this.limited(() => derive(password, parsed.salt, parsed.params));
    return key.length === parsed.key.length && timingSafeEqual(key, parsed.key);
  }

  /**
   * Same work as a real verification, for an email nobody has: the answer for
   * an unknown email then takes as long as for a wrong password.
   */
  async verifyDummy(password: string): Promise<void> {
    this.dummy ??= this.hash('imprint dummy password, never matches');
    await this.verify(password, await this.dummy);
  }

  private async limited<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.concurrency) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.running++;
    try {
      return await work();
    } finally {
      this.running--;
      this.waiting.shift()?.();
    }
  }
}
