import { chromium } from 'playwright-core';
import { gzipSync } from 'node:zlib';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu'] });
for (const w of [360, 1440]) {
  const p = await b.newPage({ viewport: { width: w, height: 900 } });
  const urls = [];
  p.on('response', r => { if (r.request().resourceType() === 'script') urls.push(r.url()); });
  await p.goto('http://127.0.0.1:3000/', { waitUntil: 'networkidle' });
  await p.waitForTimeout(1500);
  let tot = 0; const rows = [];
  for (const u of new Set(urls)) { const body = Buffer.from(await (await fetch(u)).arrayBuffer()); const gz = gzipSync(body, { level: 9 }).length; tot += gz; rows.push([gz, u.split('/').pop()]); }
  rows.sort((a,b)=>b[0]-a[0]); console.log(w, (tot/1024).toFixed(1), 'KB'); for (const r of rows) console.log('  ', (r[0]/1024).toFixed(1), r[1]);
}
await b.close();
