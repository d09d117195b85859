import { chromium } from '@playwright/test';
import { readFileSync } from 'node:fs';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox'] });
const page = await browser.newPage();
for (const spec of process.argv.slice(2)) {
  const [name, w, h] = spec.split(':');
  await page.setViewportSize({ width: Number(w), height: Number(h) });
  const data = readFileSync(`e2e/screenshots/${name}.png`).toString('base64');
  await page.setContent(`<body style="margin:0"><img style="display:block" src="data:image/png;base64,${data}"></body>`);
  await page.waitForFunction(() => document.querySelector('img').complete);
  await page.screenshot({ path: `/tmp/crop-${name}.png`, clip: { x: 0, y: 0, width: Number(w), height: Number(h) } });
}
await browser.close();
