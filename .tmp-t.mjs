let t = Date.now();
const m = await import('./dist/ssr/entry-server.js');
console.log('import', Date.now() - t); t = Date.now();
await m.render('/', []); console.log('home', Date.now() - t); t = Date.now();
await m.render('/tools/ai-humanizer', []); console.log('humanizer', Date.now() - t); t = Date.now();
await m.render('/tools/ai-humanizer', []); console.log('humanizer again', Date.now() - t);
