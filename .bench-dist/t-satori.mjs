import satori from 'satori';
console.log(typeof satori);
const svg = await satori({type:'div', props:{style:{display:'flex', width:100, height:100, backgroundColor:'red'}, children:'hi'}}, {width:100,height:100,fonts:[{name:'Inter', data: (await import('node:fs')).readFileSync('node_modules/@fontsource/inter/files/inter-latin-400-normal.woff'), weight:400, style:'normal'}]});
console.log(svg.length);
