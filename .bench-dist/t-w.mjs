import { Worker } from 'node:worker_threads';
const w = new Worker(`const c = require(${JSON.stringify(process.cwd()+'/node_modules/canvas')}); const cv = c.createCanvas(10,10); cv.getContext('2d').fillRect(0,0,5,5); cv.toBuffer('image/png'); require('worker_threads').parentPort.postMessage('ok');`, { eval: true });
w.on('message', (m) => console.log(m));
w.on('exit', (c) => console.log('worker exit', c));
