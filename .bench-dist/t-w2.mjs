import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
createRequire(import.meta.url)(process.cwd()+'/node_modules/canvas');
const w = new Worker(`const c = require(${JSON.stringify(process.cwd()+'/node_modules/canvas')}); const cv = c.createCanvas(10,10); cv.getContext('2d').fillRect(0,0,5,5); cv.toBuffer('image/png'); require('worker_threads').parentPort.postMessage('ok');`, { eval: true });
w.on('message', (m) => { console.log(m); setTimeout(() => w.terminate(), 50); });
w.on('exit', (c) => console.log('worker exit', c));
