import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

/** Loopback HTTP server for the fetcher's tests; records every request it receives. */
export interface TestServer {
  port: number;
  url(path: string): string;
  requests: http.IncomingMessage[];
  close(): Promise<void>;
}

export async function startTestServer(handler: (req: http.IncomingMessage, res: http.ServerResponse) => void): Promise<TestServer> {
  const requests: http.IncomingMessage[] = [];
  const server = http.createServer((req, res) => {
    requests.push(req);
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    url: (path) => `http://127.0.0.1:${port}${path}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function makePng(width = 4, height = 3): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: { r: 200, g: 10, b: 10, alpha: 1 } } })
    .png()
    .toBuffer();
}

export function makeJpeg(width = 5, height = 7): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 10, g: 200, b: 10 } } })
    .jpeg()
    .toBuffer();
}
