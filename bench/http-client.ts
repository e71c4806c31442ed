/**
 * The client side of the HTTP bench, in its own process so its JSON and
 * socket work is not charged to the server: `n` generates of one template,
 * `concurrency` in flight, each with a new title text. Prints one JSON line:
 * wall time, the client's own CPU time over the requests (it shares the
 * server's cores), every successful request's latency (ms) and the failures
 * by code.
 */
import { Agent, request } from 'node:http';

interface ClientArgs {
  base: string;
  key: string;
  templateId: string;
  text: string;
  n: number;
  concurrency: number;
  label: string;
}

const args = JSON.parse(process.argv[2] ?? '{}') as ClientArgs;
const url = new URL('/image/generate', args.base);
// Keep-alive sockets, as any real client library keeps them.
const agent = new Agent({ keepAlive: true, maxSockets: args.concurrency });

/** Non-200 answers by code: counted, not fatal, so one 503 on a busy machine does not lose the run. */
const failures: Record<string, number> = {};

function generate(text: string): Promise<number | null> {
  const body = JSON.stringify({ templateId: args.templateId, elements: { title: { text } } });
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
          const code = (JSON.parse(Buffer.concat(chunks).toString()) as { code?: string }).code ?? 'unknown';
          failures[`${res.statusCode} ${code}`] = (failures[`${res.statusCode} ${code}`] ?? 0) + 1;
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
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  const lane = async (): Promise<void> => {
    while (started < args.n) {
      const i = ++started;
      const ms = await generate(`${args.label} ${i}: ${args.text}`);
      if (ms !== null) latencies.push(ms);
    }
  };
  await Promise.all(Array.from({ length: Math.min(args.concurrency, args.n) }, lane));
  const wallMs = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  agent.destroy();
  process.stdout.write(`${JSON.stringify({ wallMs, cpuMs: (cpu.user + cpu.system) / 1000, latencies, failures })}\n`);
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
