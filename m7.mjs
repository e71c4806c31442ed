import { createCanvas } from '@napi-rs/canvas';
import { performance } from 'node:perf_hooks';
const c=createCanvas(1200,630); const x=c.getContext('2d');
function p50(fn,n=100){for(let i=0;i<5;i++)fn();const s=[];for(let i=0;i<n;i++){const t=performance.now();fn();s.push(performance.now()-t)}s.sort((a,b)=>a-b);return s[n>>1].toFixed(3)+' p90 '+s[90].toFixed(3)}
console.log('reset+fill+getImageData', p50(()=>{x.reset();x.fillStyle='#345';x.fillRect(0,0,1200,630);return x.getImageData(0,0,1200,630)}));
console.log('reset+fill+data', p50(()=>{x.reset();x.fillStyle='#345';x.fillRect(0,0,1200,630);return c.data()}));
console.log('Buffer.allocUnsafeSlow+fill', p50(()=>Buffer.allocUnsafeSlow(3024000).fill(1)));
