import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContext, type Page, chromium } from 'playwright-core';
import { inject } from 'vitest';

export const { baseUrl, dataDir, database } = inject('e2e');
const SCREENSHOTS = path.resolve(import.meta.dirname, '../screenshots');

/** Debian's Chromium with the flags this machine needs (no downloads, no background traffic). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/**
 * A fresh browser profile (its own cookies and local storage), like another device. Closing it fails
 * the test if Chromium reported a Content-Security-Policy violation on any of its pages: the server's
 * CSP (docs/configuration.md) and the web app must agree.
 */
export async function newContext(
  browser: Browser,
  viewport = { width: 1280, height: 800 },
): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport });
  const violations: string[] = [];
  context.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text()))
      violations.push(`${message.location().url}: ${message.text()}`);
  });
  const close = context.close.bind(context);
  context.close = async (options) => {
    await close(options);
    if (violations.length) throw new Error(`Content-Security-Policy violations:\n${violations.join('\n')}`);
  };
  return context;
}

/** Saves a screenshot for review under e2e/screenshots/<database>/. */
export async function screenshot(page: Page, name: string, fullPage = true) {
  const dir = path.join(SCREENSHOTS, database);
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage });
}

let seq = 0;
/** A unique e-mail for a new account. */
export function uniqueEmail(prefix = 'owner'): string {
  seq += 1;
  return `${prefix}-${seq}-${crypto.randomBytes(3).toString('hex')}@e2e.test`;
}

/** Registers a tenant through the API (the UI path has its own test) and answers its credentials. */
export async function registerTenant(context: BrowserContext, bizName = 'Cafe Aurora') {
  const username = uniqueEmail();
  const password = 'pw-' + crypto.randomBytes(4).toString('hex');
  const res = await context.request.post('/api/v1/auth/signup', {
    data: { biz_name: bizName, username, password },
  });
  if (!res.ok()) throw new Error(`signup failed: ${await res.text()}`);
  return { username, password, bizName };
}

/** Signs in through the login form and waits for the post-login page. */
export async function loginThroughUi(
  page: Page,
  username: string,
  password: string,
  expectPath = '/dashboard/home',
) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL(`**${expectPath}`);
}

/** The newest reset link mailed to a recipient (the app writes mail to DATA_DIR/outbox without SMTP). */
export function lastResetLink(to: string): string {
  const dir = path.join(dataDir, 'outbox');
  for (const f of fs.readdirSync(dir).sort().reverse()) {
    const mail = fs
      .readFileSync(path.join(dir, f), 'utf8')
      .replace(/=\r?\n/g, '')
      .replace(/=3D/g, '=');
    if (!mail.includes(`To: ${to}`)) continue;
    const match = /(https?:\/\/\S+\/reset-password\?token=\S+)/.exec(mail);
    if (match?.[1]) return match[1];
  }
  throw new Error(`no reset mail for ${to}`);
}
