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

/**
 * The dropdown that `select` opened. A plain select names its listbox in its input's `aria-controls`, which tells its
 * dropdown apart from one still fading out after an earlier pick (that one is not yet marked hidden and holds the same
 * options); a tree select renders no such listbox, so its dropdown is the newest visible one.
 */
export async function dropdownOf(select: Locator): Promise<Locator> {
  const page = select.page();
  const isTree = await select.evaluate((element) => element.classList.contains('ant-tree-select'));
  const listId = await select.locator('input').first().getAttribute('aria-controls');
  if (isTree || !listId) return page.locator('.ant-select-dropdown:visible').last();
  return page.locator('.ant-select-dropdown').filter({ has: page.locator(`[id="${listId}"]`) });
}

/**
 * Opens `select` and answers its dropdown once it shows. A click that lands while the drawer around the select is
 * still taking focus leaves the select closed; a person clicks again, and so does this.
 */
export async function openDropdown(select: Locator): Promise<Locator> {
  for (let attempt = 1; ; attempt++) {
    await select.click();
    const dropdown = await dropdownOf(select);
    try {
      await dropdown.waitFor({ state: 'visible', timeout: 2_000 });
      return dropdown;
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}

/** The option `text` in the open dropdown of `select`. */
export async function optionOf(select: Locator, text: string): Promise<Locator> {
  const dropdown = await dropdownOf(select);
  return dropdown.locator('.ant-select-item-option, .ant-select-tree-node-content-wrapper').filter({ hasText: text }).first();
}

/**
 * Opens `select`, types `search` first when given (remote selects), and picks `option`. A single select closes by
 * itself; the caller closes a multiple one (Escape would close the form too).
 */
export async function chooseOption(select: Locator, option: string, search?: string): Promise<Locator> {
  await select.click();
  if (search) await select.locator('input').first().fill(search);
  const dropdown = await dropdownOf(select);
  await (await optionOf(select, option)).click();
  return dropdown;
}

/** Picks `option` in the select (or tree select) labelled `label`, and closes a multiple select again. */
export async function pickOption(form: Locator, label: string, option: string): Promise<void> {
  const select = formItem(form, label).locator('.ant-select').first();
  const dropdown = await chooseOption(select, option);
  // A multiple select stays open: a click on the field's label closes it.
  if (await dropdown.isVisible()) await formItem(form, label).locator('.ant-form-item-label').click();
  await dropdown.waitFor({ state: 'hidden' });
}
