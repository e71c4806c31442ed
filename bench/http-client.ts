/**
 * The client side of the HTTP bench, in its own process so its JSON and
 * socket work is not charged to the server: `n` generates of one template,
 * `concurrency` in flight, each with a new title text. Prints one JSON line:
 * wall time, the client's own CPU time over the requests (it shares the
 * server's cores), every successful request's latency (ms) and the failures
 * by code.
 *
 * It is a load generator in the manner of wrk or autocannon: one keep-alive socket per lane, each
 * request written as one string, each answer read by its status line and Content-Length. Node's own
 * `http` client spent 0.5–0.6 ms of CPU a request on this 2-core machine, taken from the cores the
 * server renders on; real clients run elsewhere (docs/decisions/0071). HTTP_BENCH_CLIENT=node-http keeps it.
 */
import { Agent, request } from 'node:http';
import { connect, type Socket } from 'node:net';

interface ClientArgs {
  base: string;
  key: string;
  templateId: string;
  text: string;
  n: number;
  concurrency: number;
  label: string;
  nodeHttp?: boolean;
}

const args = JSON.parse(process.argv[2] ?? '{}') as ClientArgs;
const url = new URL('/image/generate', args.base);
if (url.protocol !== 'http:' && !args.nodeHttp) throw new Error(`the load generator speaks plain HTTP only, not ${url.protocol}`);

/** Non-200 answers by code: counted, not fatal, so one 503 on a busy machine does not lose the run. */
const failures: Record<string, number> = {};

function countFailure(status: number, body: Buffer): void {
  let code = 'unknown';
  try {
    code = (JSON.parse(body.toString()) as { code?: string }).code ?? code;
  } catch {
    // Not JSON: counted as unknown.
  }
  failures[`${status} ${code}`] = (failures[`${status} ${code}`] ?? 0) + 1;
}

const bodyOf = (text: string) => JSON.stringify({ templateId: args.templateId, elements: { title: { text } } });

/** One lane's keep-alive connection, one request at a time. */
class RawConnection {
  private socket: Socket | undefined;
  private chunks: Buffer[] = [];
  private buffered = 0;
  private pending: { resolve: (answer: { status: number; body: Buffer }) => void; reject: (error: Error) => void } | undefined;
  private readonly head = `POST ${url.pathname} HTTP/1.1\r\nHost: ${url.host}\r\nAuthorization: Bearer ${args.key}\r\nContent-Type: application/json\r\n`;

  private open(): Socket {
    const socket = connect(Number(url.port || 80), url.hostname);
    socket.setNoDelay(true);
    socket.on('data', (d: Buffer) => this.onData(d));
    const fail = (error: Error) => {
      // A socket dropped after a `Connection: close` answer must not fail the next request, sent on a new one.
      if (this.socket !== socket) return;
      this.socket = undefined;
      const p = this.pending;
      this.pending = undefined;
      p?.reject(error);
    };
    socket.on('error', fail);
    socket.on('close', () => fail(new Error('the server closed the connection')));
    this.socket = socket;
    return socket;
  }

  send(body: string): Promise<{ status: number; body: Buffer }> {
    const socket = this.socket ?? this.open();
    return new Promise((resolve, reject) => {
      this.pending = { resolve, reject };
      socket.write(`${this.head}Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
    });
  }

  private onData(d: Buffer): void {
    this.chunks.push(d);
    this.buffered += d.length;
    const all = this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks, this.buffered);
    const end = all.indexOf('\r\n\r\n');
    if (end < 0) return;
    const headers = all.toString('latin1', 0, end);
    const length = Number(/\r\ncontent-length:\s*(\d+)/i.exec(headers)?.[1] ?? Number.NaN);
    if (!Number.isFinite(length)) {
      // Every answer of this server carries one; a chunked answer would mean the bench measures something else.
      const p = this.pending;
      this.pending = undefined;
      this.chunks = [];
      this.buffered = 0;
      p?.reject(new Error(`an answer without Content-Length: ${headers.slice(0, 200)}`));
      return;
    }
    if (all.length < end + 4 + length) {
      this.chunks = [all];
      return;
    }
    this.chunks = [];
    this.buffered = 0;
    const p = this.pending;
    this.pending = undefined;
    p?.resolve({ status: Number(headers.slice(9, 12)), body: all.subarray(end + 4, end + 4 + length) });
    if (/\r\nconnection:\s*close/i.test(headers)) {
      const closing = this.socket;
      this.socket = undefined;
      closing?.destroy();
    }
  }

  close(): void {
    this.socket?.removeAllListeners('close');
    this.socket?.destroy();
  }
}

// Keep-alive sockets, as any real client library keeps them.
const agent = new Agent({ keepAlive: true, maxSockets: args.concurrency });

function generateWithNodeHttp(text: string): Promise<number | null> {
  const body = bodyOf(text);
  const t0 = performance.now();
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method: 'POST', agent, headers: { authorization: `Bearer ${args.key}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (d: Buffer) => chunks.push(d));
        res.on('end', () => {
          if (res.statusCode === 200) return resolve(performance.now() - t0);
          countFailure(res.statusCode ?? 0, Buffer.concat(chunks));
          resolve(null);
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

async function main(): Promise<void> {
  const latencies: number[] = [];
  let started = 0;
  const connections: RawConnection[] = [];
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  const lane = async (): Promise<void> => {
    const connection = new RawConnection();
    connections.push(connection);
    while (started < args.n) {
      const i = ++started;
      const text = `${args.label} ${i}: ${args.text}`;
      if (args.nodeHttp) {
        const ms = await generateWithNodeHttp(text);
        if (ms !== null) latencies.push(ms);
        continue;
      }
      const sent = performance.now();
      try {
        const answer = await connection.send(bodyOf(text));
        if (answer.status === 200) latencies.push(performance.now() - sent);
        else countFailure(answer.status, answer.body);
      } catch (error) {
        // A dropped connection is one failed request, as Node's client counts it; the next opens a new one.
        failures[`socket ${(error as Error).message}`] = (failures[`socket ${(error as Error).message}`] ?? 0) + 1;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(args.concurrency, args.n) }, lane));
  const wallMs = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  agent.destroy();
  for (const c of connections) c.close();
  process.stdout.write(`${JSON.stringify({ wallMs, cpuMs: (cpu.user + cpu.system) / 1000, latencies, failures })}\n`);
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
