import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchChromium } from './browser';

// The test browser itself: what every browser test and the bench run in.
describe('the test browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(() => browser.close());

  it("keeps Playwright's disabled features beside ours (Chromium keeps one --disable-features switch)", async () => {
    const page = await (await browser.newContext()).newPage();
    await page.goto('chrome://version');
    // The features the command line turned off, as Chromium applied them: base64 JSON on the page.
    const encoded = (await page.content()).match(/eyJ[A-Za-z0-9+/=]+/)?.[0] ?? '';
    const applied = JSON.parse(Buffer.from(encoded, 'base64').toString()) as Record<string, string>;
    const disabled = applied['disable-features'].split(',');
    expect(disabled).toEqual(expect.arrayContaining(['PaintHolding', 'HttpsUpgrades', 'WebUIOmniboxPopup', 'WebUIOmniboxAimPopup']));
  });

  it("starts no address-bar renderers beside a new context's page", async () => {
    const page = await (await browser.newContext()).newPage();
    await page.goto('about:blank');
    const session = await browser.newBrowserCDPSession();
    const { targetInfos } = await session.send('Target.getTargets');
    // Top-chrome WebUI is Chrome's own window furniture (chrome://omnibox-popup.top-chrome/ and the like).
    expect(targetInfos.map((target) => target.url).filter((url) => url.includes('.top-chrome'))).toEqual([]);
  });
});
