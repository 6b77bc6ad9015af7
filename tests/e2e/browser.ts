import { mkdirSync } from 'node:fs';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';

/**
 * Chromium features turned off. Chromium keeps only the last `--disable-features` switch, so this one repeats the
 * list Playwright passes (playwright-core, chromiumSwitches.ts) and adds the address bar's popups: every new window
 * (each browser context) loads them in two WebUI renderers of their own, whose start took a core for over a second
 * during each cold visit the bench measured, on a machine of two. A headless window never shows an address bar.
 */
const DISABLED_FEATURES = [
  // Playwright's own.
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  // The address bar's popups.
  'WebUIOmniboxPopup',
  'WebUIOmniboxAimPopup',
];

/** Debian's Chromium, with the flags this closed network needs (design.md §3). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      `--disable-features=${DISABLED_FEATURES.join(',')}`,
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export const screenshotDir = 'screenshots';

/** Screenshots are kept for people to look at; they are never compared. */
export async function snap(page: Page, name: string): Promise<void> {
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: `${screenshotDir}/${name}.png`, fullPage: true });
}

/**
 * Waits until the element's animations (and its children's) have ended. antd's dialogs and pop-ups zoom in; a click
 * while they still move can miss its target on a busy machine. rc-motion first marks the element (`ant-zoom-appear`,
 * `-prepare`, `-start`) and only a frame or more later starts the animation, so "no animation running" is not enough:
 * the motion classes must be gone too.
 */
export async function animationsEnded(element: Locator): Promise<void> {
  await element.evaluate(async (node) => {
    const MOTION_CLASS = /-(appear|enter)(-(prepare|start|active))?$/;
    const moving = (target: Element) => [...target.classList].some((name) => MOTION_CLASS.test(name));
    for (let round = 0; round < 200; round += 1) {
      const running = node
        .getAnimations({ subtree: true })
        .filter((animation) => animation.playState === 'running' || animation.pending)
        // A spinner never ends.
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity);
      if (running.length === 0 && !moving(node) && ![...node.querySelectorAll('*')].some(moving)) return;
      // A cancelled animation (antd swaps the motion class) rejects `finished`; it has stopped all the same, and the
      // one that replaced it is awaited on the next round.
      await Promise.allSettled(running.map((animation) => animation.finished));
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  });
}

/** Answers the open confirmation dialog (antd `modal.confirm`) with 确定, once it has stopped moving. */
export async function confirmDialogOk(page: Page): Promise<void> {
  const dialog = page.locator('.ant-modal-confirm').last();
  await dialog.waitFor();
  await animationsEnded(dialog);
  await dialog.getByRole('button', { name: /确\s*定|OK/ }).click();
  await dialog.waitFor({ state: 'hidden' });
}
