import { chromium } from 'playwright-core';
import { readFileSync, readdirSync } from 'node:fs';
import { encryptPassword } from '@scorecast/api-client';
const base = 'http://localhost:3420';
const xsrf = { cookie: 'XSRF-TOKEN=t', 'x-xsrf-token': 't', 'content-type': 'application/json' };
const post = async (path, body, token) => (await fetch(base + path, { method: 'POST', headers: { ...xsrf, ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) })).json();
async function account(login, language) {
  const password = await encryptPassword('Secret!23');
  await post('/api/auth/register', { language, login, password });
  const outbox = '/tmp/mine/data/outbox';
  const file = readdirSync(outbox).map((f) => readFileSync(`${outbox}/${f}`, 'utf8').replace(/=\r?\n/g, '').replace(/=3D/g, '=')).find((m) => m.includes(encodeURIComponent(login)) || m.includes(login));
  const activation = /password=([A-Za-z0-9_-]+)/.exec(file)[1];
  await post('/api/auth/activate', { login, password: activation });
  return (await post('/api/auth', { login, password })).token;
}
const ann = await account('ann@example.com', 'de');
const group = await post('/api/groups', { name: 'Stammtisch', pointConfiguration: (await import('@scorecast/rules')).defaultPointConfiguration(2026), playerName: 'Ann' }, ann);
console.log('group', group.id);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--headless', '--disable-gpu'] });
const active = (page) => page.evaluate(() => { const e = document.activeElement; return e === document.body ? 'BODY' : `${e.tagName} ${e.getAttribute('aria-label') ?? ''} ${(e.textContent ?? '').trim().slice(0, 30)}`; });
for (const [width, scheme] of [[390, 'dark'], [1280, 'light']]) {
  const context = await browser.newContext({ viewport: { width, height: 800 }, colorScheme: scheme });
  const page = await context.newPage();
  await page.goto(base + '/login');
  await page.evaluate((token) => localStorage.setItem('token', token), ann);
  await page.goto(base + '/');
  await page.waitForSelector('[data-prediction-input]');
  console.log(width, 'title', await page.title());
  // sidebar
  await page.getByRole('button', { name: /Gruppen öffnen/ }).focus();
  await page.keyboard.press('Enter');
  for (let i = 0; i < 6; i++) { await page.keyboard.press('Tab'); }
  console.log(width, 'sidebar after 6 tabs:', await active(page));
  await page.screenshot({ path: `/tmp/mine/shots/sidebar-${width}.png` });
  await page.goBack().catch(() => {});
  await page.waitForTimeout(300);
  console.log(width, 'after Back: url', page.url(), 'sidebar open:', await page.getByRole('navigation', { name: 'Gruppen' }).count(), 'focus', await active(page));
  // prediction input
  const input = page.locator('[data-prediction-input]').first();
  await input.focus();
  await page.waitForTimeout(300);
  const dialogs = await page.getByRole('dialog').count();
  console.log(width, 'dialogs after focusing input', dialogs, 'focus', await active(page));
  if (dialogs) {
    for (let i = 0; i < 10; i++) await page.keyboard.press('Tab');
    console.log(width, 'dialogs after 10 tabs', await page.getByRole('dialog').count(), 'focus', await active(page));
    await page.screenshot({ path: `/tmp/mine/shots/picker-${width}.png` });
    await page.keyboard.press('Escape');
    await page.waitForTimeout(200);
    console.log(width, 'after Escape focus', await active(page));
    await page.screenshot({ path: `/tmp/mine/shots/picker-closed-${width}.png` });
  } else {
    await page.keyboard.type('2:1');
    await page.keyboard.press('Tab');
    console.log(width, 'after tab from input', await active(page));
    await page.keyboard.press('Enter');
    await page.waitForTimeout(800);
    console.log(width, 'what-if focus', await active(page));
    await page.screenshot({ path: `/tmp/mine/shots/whatif-${width}.png` });
    await page.keyboard.press('Escape');
    await page.waitForTimeout(200);
    console.log(width, 'after Escape', await active(page));
  }
  await page.goto(base + '/ranking');
  await page.waitForTimeout(800);
  console.log(width, 'ranking title', await page.title());
  await page.screenshot({ path: `/tmp/mine/shots/ranking-${width}.png`, fullPage: true });
  await context.close();
}
// invitation popup: bob joins
const bob = await account('bob@example.com', 'en');
const context = await browser.newContext({ viewport: { width: 390, height: 800 } });
const page = await context.newPage();
await page.goto(base + '/login');
await page.evaluate((token) => localStorage.setItem('token', token), bob);
await page.goto(`${base}/login?invitation=${group.id}`);
await page.waitForSelector('[role=dialog]');
const desc = await page.getByRole('dialog').evaluate((d) => document.getElementById(d.getAttribute('aria-describedby'))?.textContent);
console.log('invitation describedby:', desc);
for (let i = 0; i < 5; i++) await page.keyboard.press('Tab');
console.log('invitation focus after 5 tabs', await active(page));
await page.getByRole('textbox').fill('Bob');
await page.getByRole('textbox').focus();
await page.waitForTimeout(600);
await page.keyboard.press('Enter');
await page.waitForTimeout(1000);
console.log('after Enter url', page.url(), 'dialogs', await page.getByRole('dialog').count());
await page.screenshot({ path: '/tmp/mine/shots/joined-390.png' });
await browser.close();
