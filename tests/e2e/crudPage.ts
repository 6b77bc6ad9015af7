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

/** The form item labelled exactly `label` in a form. */
export function formItem(form: Locator, label: string): Locator {
  return form.locator('.ant-form-item').filter({ has: form.page().locator('.ant-form-item-label', { hasText: new RegExp(`^\\s*${label}\\s*$`) }) });
}

/** Picks `option` in the select (or tree select) labelled `label`, and closes a multiple select again. */
export async function pickOption(form: Locator, label: string, option: string): Promise<void> {
  const page = form.page();
  await formItem(form, label).locator('.ant-select').click();
  const dropdown = page.locator('.ant-select-dropdown:visible').last();
  await dropdown.locator('.ant-select-item-option, .ant-select-tree-node-content-wrapper').filter({ hasText: option }).first().click();
  // A multiple select stays open: a click on the field's label closes it (Escape would close the form too).
  if (await dropdown.isVisible()) await formItem(form, label).locator('.ant-form-item-label').click();
  await dropdown.waitFor({ state: 'hidden' });
}
