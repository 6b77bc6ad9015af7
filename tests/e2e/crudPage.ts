import type { Locator, Page } from 'playwright-core';

/**
 * The page object of a resource screen: what a person sees and does on any list with its drawer or modal. Every
 * screen's browser test drives its screen through this, so the generic parts are exercised the same way everywhere.
 */
export class CrudPage {
  constructor(
    readonly page: Page,
    readonly baseUrl: string,
    readonly route: string,
  ) {}

  async open(path = '') {
    await this.page.goto(`${this.baseUrl}${this.route}${path}`);
    await this.table.waitFor();
  }

  get table(): Locator {
    return this.page.locator('.crud-page .ant-table').first();
  }

  row(text: string): Locator {
    return this.page.locator('.crud-page .ant-table-row').filter({ hasText: text });
  }

  /** The open drawer or modal. */
  get form(): Locator {
    return this.page.locator('.ant-drawer-content, .ant-modal-content').last();
  }

  section(title: string): Locator {
    return this.form.locator('.crud-section').filter({ has: this.page.locator('.crud-section-title', { hasText: title }) });
  }

  async sectionTitles(): Promise<string[]> {
    return this.form.locator('.crud-section-title').allInnerTexts();
  }

  async rowAction(text: string, action: string) {
    await this.row(text).getByRole('button', { name: new RegExp(action.split('').join('\\s*')) }).click();
    await this.form.waitFor();
  }

  async close() {
    await this.form.locator('.ant-drawer-footer, .ant-modal-footer').getByRole('button', { name: /关\s*闭|取\s*消/ }).click();
    await this.form.waitFor({ state: 'hidden' });
  }
}
