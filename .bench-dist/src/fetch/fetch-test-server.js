import http from 'node:http';
import sharp from 'sharp';
export async function startTestServer(handler) {
    const requests = [];
    const server = http.createServer((req, res) => {
        requests.push(req);
        handler(req, res);
    });
    await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address();
    return {
        port,
        url: (path) => `http://127.0.0.1:${port}${path}`,
        requests,
        close: () => new Promise((resolve) => {
            server.closeAllConnections();
            server.close(() => resolve());
        }),
    };
}
export function makePng(width = 4, height = 3) {
    return sharp({ create: { width, height, channels: 4, background: { r: 200, g: 10, b: 10, alpha: 1 } } }).png().toBuffer();
}
export function makeJpeg(width = 5, height = 7) {
    return sharp({ create: { width, height, channels: 3, background: { r: 10, g: 200, b: 10 } } }).jpeg().toBuffer();
}
//# sourceMappingURL=fetch-test-server.js.map