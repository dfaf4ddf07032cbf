import { chromium } from 'playwright-core';
const base = 'http://localhost:3420';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--headless', '--disable-gpu'] });
const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
const page = await context.newPage();
const { token } = await (await fetch(base + '/api/auth', { method: 'POST', headers: { cookie: 'XSRF-TOKEN=t', 'x-xsrf-token': 't', 'content-type': 'application/json' }, body: JSON.stringify({ login: 'ann@example.com', password: await (await import('@scorecast/api-client')).encryptPassword('Secret!23') }) })).json();
await page.goto(base + '/login');
await page.evaluate((t) => localStorage.setItem('token', t), token);
await page.goto(base + '/ranking');
await page.getByRole('link', { name: 'Spielplan' }).click();
await page.waitForSelector('[data-prediction-input]');
const active = () => page.evaluate(() => { const e = document.activeElement; return e === document.body ? 'BODY' : `${e.tagName} ${e.getAttribute('aria-label') ?? ''}`; });
await page.getByRole('button', { name: /Gruppen öffnen/ }).focus();
await page.keyboard.press('Enter');
console.log('open, focus', await active());
await page.evaluate(() => history.back());
for (const ms of [50, 200, 600]) { await page.waitForTimeout(ms); console.log(ms, 'url', page.url(), 'focus', await active(), 'nav', await page.getByRole('navigation', { name: 'Gruppen' }).count()); }
await browser.close();
