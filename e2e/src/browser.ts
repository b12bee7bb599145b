import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
  chromium,
} from 'playwright-core';
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
 * Resolves once a page's socket has been admitted to its tenant's rooms (the server's `authenticated`).
 * Call it before the page loads; a test that changes data elsewhere and expects the page to follow
 * waits for it first, or the change's event can go out before the page's socket is there to hear it.
 */
export function socketAdmitted(page: Page): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (ws) => {
      ws.on('framereceived', ({ payload }) => {
        if (String(payload).includes('"authenticated"')) resolve();
      });
    });
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
  /** More context options, e.g. a device time zone: `{ timezoneId: 'America/Los_Angeles' }`. */
  options: BrowserContextOptions = {},
): Promise<BrowserContext> {
  // The staff app's service worker is off unless a suite asks for it (the offline suite does): the
  // suites that fake a failing call with page.route must see every request, and none needs the cache.
  const context = await browser.newContext({
    serviceWorkers: 'block',
    ...options,
    baseURL: baseUrl,
    viewport,
  });
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
  // Sign-up signs the owner in (issue 31); suites sign in where and as they choose, so this one ends.
  const out = await context.request.post('/api/v1/auth/signout');
  if (!out.ok()) throw new Error(`signout after signup failed: ${await out.text()}`);
  return { username, password, bizName };
}

/** A browser with a new tenant's owner signed in on one page: where most feature suites start. */
export async function signedInOwner(bizName: string) {
  const browser = await launchBrowser();
  const context = await newContext(browser);
  const page = await context.newPage();
  const owner = await registerTenant(context, bizName);
  await loginThroughUi(page, owner.username, owner.password);
  return { browser, context, page, owner };
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

/** The newest reset link already mailed to a recipient, if any. */
function resetLinkIn(dir: string, to: string): string | undefined {
  if (!fs.existsSync(dir)) return undefined;
  for (const f of fs.readdirSync(dir).sort().reverse()) {
    const mail = fs
      .readFileSync(path.join(dir, f), 'utf8')
      .replace(/=\r?\n/g, '')
      .replace(/=3D/g, '=');
    if (!mail.includes(`To: ${to}`)) continue;
    const match = /(https?:\/\/\S+\/reset-password\?token=\S+)/.exec(mail);
    if (match?.[1]) return match[1];
  }
  return undefined;
}

/**
 * The reset link mailed to a recipient (the app writes mail to DATA_DIR/outbox without SMTP). The mail
 * goes out after the request is answered, so that its timing tells nothing: wait for it a little.
 */
export async function waitForResetLink(to: string, timeoutMs = 60_000): Promise<string> {
  const dir = path.join(dataDir, 'outbox');
  const until = Date.now() + timeoutMs;
  for (;;) {
    const link = resetLinkIn(dir, to);
    if (link) return link;
    if (Date.now() > until) throw new Error(`no reset mail for ${to}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The sizes every screen is checked at: a laptop and a tablet in landscape (staff), a phone (public). */
export const SIZES = {
  desktop: { width: 1280, height: 800 },
  tablet: { width: 1024, height: 768 },
  phone: { width: 390, height: 844 },
} as const;
type Size = keyof typeof SIZES;

const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { html: string; failureSummary?: string }[];
}

/**
 * Runs axe-core (WCAG 2.1 A and AA rules and best practices) over the page as it is and fails on any
 * serious or critical violation, naming the rule and the first elements.
 */
export async function expectAccessible(page: Page, label: string) {
  // Evaluated through the DevTools protocol, which the page's CSP (scripts from self only) does not
  // govern; a script tag would be refused, as it should be.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const w = window as unknown as {
      axe: { run: (ctx: Document, opts: object) => Promise<{ violations: AxeViolation[] }> };
    };
    const result = await w.axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes
        .slice(0, 3)
        .map((n) => ({ html: n.html.slice(0, 200), failureSummary: n.failureSummary })),
    }));
  });
  const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  if (bad.length > 0) {
    const text = bad
      .map(
        (v) =>
          `${v.impact} ${v.id}: ${v.help}\n${v.nodes.map((n) => `  ${n.html}\n    ${n.failureSummary ?? ''}`).join('\n')}`,
      )
      .join('\n');
    throw new Error(`axe: ${bad.length} serious/critical violation(s) on ${label}\n${text}`);
  }
}

/**
 * Every visible control of a staff screen is a 44 px touch target: buttons, links styled as buttons,
 * inputs, selects, switches (the whole row), tabs and segmented controls; icon buttons also 44 px wide.
 */
export async function expectTouchTargets(page: Page, label: string) {
  const small = await page.evaluate(() => {
    const selector = [
      'button',
      '[role="button"]',
      'a.mantine-Button-root',
      'a.mantine-NavLink-root',
      'input:not([type="hidden"]):not([type="checkbox"]):not([type="radio"]):not([type="file"])',
      'textarea',
      'select',
      '[role="tab"]',
      '.mantine-Switch-body',
      '.mantine-Checkbox-body',
      '.mantine-SegmentedControl-control',
    ].join(',');
    const out: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>(selector)) {
      // Buttons inside an input (reveal password, clear) share the input's target.
      if (el.closest('.mantine-Input-section, .skip-link, [aria-hidden="true"]')) continue;
      if (el.matches('input[role="switch"]')) continue;
      // An input's target is its whole box (a password's box holds the input and the reveal button;
      // a multi-select's holds its pills and a search field).
      const target = el.matches('input, textarea')
        ? (el.closest<HTMLElement>('.mantine-Input-wrapper') ?? el)
        : el;
      const box = target.getBoundingClientRect();
      const style = getComputedStyle(el);
      if (box.width === 0 || box.height === 0 || style.visibility === 'hidden') continue;
      const icon = el.matches('.mantine-ActionIcon-root, .mantine-CloseButton-root, .mantine-Burger-root');
      if (box.height < 43.5 || (icon && box.width < 43.5)) {
        const name = el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 40) ?? '';
        out.push(`${el.tagName.toLowerCase()} "${name}" ${Math.round(box.width)}x${Math.round(box.height)}`);
      }
    }
    return out;
  });
  if (small.length > 0) throw new Error(`controls under 44 px on ${label}:\n  ${small.join('\n  ')}`);
}

/**
 * The primary action is in view without scrolling: an open dialog's (the last of its DialogActions,
 * wherever the dialog is scrolled to), else the page's (the last of the header's actions).
 */
export async function expectPrimaryActionInView(page: Page, label: string) {
  const dialogActions = page.getByRole('dialog').getByTestId('dialog-actions');
  const inDialog = (await dialogActions.count()) > 0;
  if (!inDialog) await page.evaluate(() => window.scrollTo(0, 0));
  const actions = inDialog ? dialogActions.last() : page.getByTestId('page-actions');
  if ((await actions.count()) === 0) return;
  const box = await actions.locator(':scope > *').last().boundingBox();
  const viewport = page.viewportSize();
  if (!box || !viewport) throw new Error(`no primary action box on ${label}`);
  if (box.y < 0 || box.x < 0 || box.y + box.height > viewport.height || box.x + box.width > viewport.width) {
    throw new Error(`primary action of ${label} is out of view: ${JSON.stringify(box)}`);
  }
}

/**
 * Waits for the page's running transitions and animations to finish (looping ones, such as a
 * loader's, aside), after two frames for a re-render to start them: on a slow machine a fixed pause
 * alone could check a sidebar still sliding.
 */
async function transitionsDone(page: Page) {
  await page.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    await frame();
    await frame();
    const finite = document.getAnimations().filter((a) => a.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.all(finite.map((a) => a.finished.catch(() => undefined)));
  });
}

/**
 * The design checks of one screen at each size: axe everywhere; on staff screens at the tablet size,
 * 44 px targets and the primary action in view. With `screenshot`, a picture at each size too
 * (`<name>-<size>.png`), to look at. The viewport is left at the first size.
 */
export async function checkScreen(
  page: Page,
  label: string,
  opts: { staff?: boolean; sizes?: Size[]; screenshot?: string } = {},
) {
  const staff = opts.staff ?? true;
  const sizes = opts.sizes ?? (staff ? ['desktop', 'tablet'] : ['desktop', 'tablet', 'phone']);
  const start = page.viewportSize();
  for (const size of sizes) {
    await page.setViewportSize(SIZES[size]);
    // Layout changes with the width (sidebar, settings menu); let transitions finish.
    await page.waitForTimeout(350);
    await transitionsDone(page);
    if (opts.screenshot) await screenshot(page, `${opts.screenshot}-${size}`, false);
    await expectAccessible(page, `${label} at ${size}`);
    if (staff && size === 'tablet') {
      await expectTouchTargets(page, `${label} at ${size}`);
      await expectPrimaryActionInView(page, `${label} at ${size}`);
    }
  }
  if (start) await page.setViewportSize(start);
}
