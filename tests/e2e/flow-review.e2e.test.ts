import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { confirmDialogOk, snap } from './browser';
import { chooseOption, CrudPage, formItem, openDropdown } from './crudPage';
import { ADMIN_PASSWORD, apiCall, apiLogin, loginAs, useProductPage, type ProductPage } from './product';

/**
 * A script's review as people do it: its author (tester) sends it for review (送审) from the script list, where the
 * case form's script picker does not offer it yet; the administrator, a reviewer, claims it in 待签事务, reads it in
 * 待办事务's handle page beside the history and diagram and passes it with a comment; the script is then approved,
 * its drawer shows the review, and a case form's picker offers it.
 */
let opened: ProductPage;
useProductPage((product) => void (opened = product));

const stamp = Date.now().toString(36).toUpperCase();
const CODE = `RV-${stamp}`;
const COMMENT = '脚本规范，同意使用';
const spaced = (label: string) => new RegExp(`^${label.split('').join('\\s*')}$`);
const rows = (page: Page, kind: string) => page.locator(`[data-work-list="${kind}"] .ant-table-row`);
const toast = (page: Page, text: string) => page.locator('.ant-message-notice').filter({ hasText: text }).first();

async function openList(page: Page, path: string, list: string) {
  const answered = page.waitForResponse((response) => response.url().includes(`/api/blade-flow/work/${list}`));
  await page.goto(`${opened.product.url}${path}`);
  await answered;
}

/** The script codes the case form's script picker offers for `search`: what its own request answers. */
async function scriptOptions(page: Page, search: string): Promise<string[]> {
  const cases = new CrudPage(page, opened.product.url, '/test/testcase');
  await cases.open('/new');
  const select = formItem(cases.form, '脚本编号').locator('.ant-select');
  const answered = page.waitForResponse((response) => response.url().includes('/blade-testscript/testScript/') && response.url().includes(search));
  await openDropdown(select);
  await select.locator('input').fill(search);
  const records = ((await (await answered).json()) as { data: { records: { scriptCode: string }[] } }).data.records;
  await cases.close();
  return records.map((record) => record.scriptCode);
}

describe('the review of a script', () => {
  it('is sent by its author from the script list, which refuses a second send while it is under review', async () => {
    const { product, page: author } = opened;
    const admin = await apiLogin(product, 'admin', ADMIN_PASSWORD);
    const modulePath = (await apiCall(product, admin, '/gateway/blade-testcase/testCase/list?size=1')).body.data.records[0].moduleTypePath;
    const created = await apiCall(product, admin, '/gateway/blade-testscript/testScript/submit', {
      scriptCode: CODE,
      scriptPath: 'script/review_demo.py',
      moduleTypePath: modulePath,
      ownershipType: 0,
      scriptDesc: '送审演示脚本',
    });
    expect(created.body).toMatchObject({ code: 200 });

    await loginAs(author, product, 'tester', ADMIN_PASSWORD);
    // Not approved yet: the case form's picker does not offer it.
    expect(await scriptOptions(author, CODE)).toEqual([]);

    const scripts = new CrudPage(author, product.url, '/test/testscript');
    await scripts.open(`?scriptCode=${CODE}`);
    const row = scripts.row(CODE);
    await row.getByText('待审核').waitFor();
    const sent = author.waitForResponse((response) => response.url().includes('/testScript/submit-review'));
    await row.getByRole('button', { name: /送\s*审/ }).click();
    await confirmDialogOk(author);
    expect(await (await sent).json()).toMatchObject({ code: 200 });
    await toast(author, '送审成功').waitFor();
    await snap(author, 'review-sent');
    // A second send while it is under review is refused, saying why.
    const again = author.waitForResponse((response) => response.url().includes('/testScript/submit-review'));
    await row.getByRole('button', { name: /送\s*审/ }).click();
    await confirmDialogOk(author);
    expect(await (await again).json()).toMatchObject({ code: 400, msg: '该脚本正在审核中，不能重复送审' });
    await author.getByText('该脚本正在审核中，不能重复送审').first().waitFor();
  });

  it('is claimed and passed by a reviewer in 待办事务, who reads it beside its history and diagram', async () => {
    const { product } = opened;
    const reviewerContext = await product.browser.newContext({ locale: 'zh-CN', viewport: { width: 1440, height: 900 } });
    try {
      const reviewer = await reviewerContext.newPage();
      await loginAs(reviewer, product);
      // 发起事务 lists the review process; its form says a review starts from a case's or script's 送审.
      await openList(reviewer, '/work/start', 'start-list');
      await rows(reviewer, 'start').filter({ hasText: '审核流程' }).getByRole('button', { name: spaced('发起') }).click();
      await reviewer.waitForURL(/\/work\/process\/review\/form\/.+/);
      await reviewer.getByText('审核流程由测试用例或测试脚本的「送审」发起').waitFor();
      await snap(reviewer, 'review-start');
      await openList(reviewer, '/work/claim', 'claim-list');
      const toClaim = rows(reviewer, 'claim').filter({ hasText: '审核流程' });
      await toClaim.waitFor();
      await toClaim.getByRole('button', { name: spaced('签收') }).click();
      await toast(reviewer, '签收事务成功').waitFor();
      await toClaim.waitFor({ state: 'detached' });

      await openList(reviewer, '/work/todo', 'todo-list');
      const todo = rows(reviewer, 'todo').filter({ hasText: '审核流程' });
      await todo.getByRole('button', { name: spaced('办理') }).click();
      await reviewer.waitForURL(/\/work\/process\/review\/handle\/\d+\/\d+\/\d+$/);
      await expect.poll(() => reviewer.title()).toBe('审核办理');
      const item = reviewer.locator('.review-item');
      await item.getByText(CODE).waitFor();
      await item.getByText('送审演示脚本').waitFor();
      await reviewer.locator('.flow-history .ant-table-row').filter({ hasText: '审核' }).first().waitFor();
      await reviewer.locator('.review-diagram .djs-container').waitFor();
      await reviewer.locator('.review-handle textarea').fill(COMMENT);
      await snap(reviewer, 'review-handle');
      const completed = reviewer.waitForResponse((response) => response.url().includes('/work/complete-task'));
      await reviewer.getByRole('button', { name: spaced('通过') }).click();
      expect(await (await completed).json()).toMatchObject({ code: 200 });
      await toast(reviewer, '流程提交成功').waitFor();
      await reviewer.waitForURL(/\/work\/todo$/);

      // 办结事务's detail: the same script read-only, finished, with the comment in the history.
      await openList(reviewer, '/work/done', 'done-list');
      await rows(reviewer, 'done').filter({ hasText: '审核流程' }).getByRole('button', { name: spaced('详情') }).click();
      await reviewer.waitForURL(/\/work\/process\/review\/detail\/\d+\/\d+$/);
      await expect.poll(() => reviewer.title()).toBe('审核详情');
      await reviewer.locator('.flow-history .ant-table-row').filter({ hasText: COMMENT }).waitFor();
      await reviewer.locator('.review-item').getByText('审核通过').first().waitFor();
      await snap(reviewer, 'review-detail');
      // The diagram paints the path taken: the review done, the 审核通过 end reached.
      const diagram = reviewer.locator('.review-diagram');
      await diagram.locator('.djs-container').waitFor();
      await diagram.scrollIntoViewIfNeeded();
      await snap(reviewer, 'review-diagram');
    } finally {
      await reviewerContext.close();
    }
  });

  it('is approved: its drawer shows the review, and a case form’s script picker offers it', async () => {
    const { product, page: author } = opened;
    const scripts = new CrudPage(author, product.url, '/test/testscript');
    const row = scripts.row(CODE);
    // Approved: no 送审 on its row, its drawer shows the review, and a case may pick it.
    await scripts.open(`?scriptCode=${CODE}`);
    await row.getByText('审核通过').waitFor();
    expect(await row.getByRole('button', { name: /送\s*审/ }).count()).toBe(0);
    await scripts.rowAction(CODE, '查看');
    const review = scripts.section('审核记录');
    await review.locator('.flow-history .ant-table-row').filter({ hasText: COMMENT }).waitFor();
    await review.locator('.djs-container').waitFor();
    await snap(author, 'review-script-drawer');
    await scripts.close();

    expect(await scriptOptions(author, CODE)).toEqual([CODE]);
    const cases = new CrudPage(author, product.url, '/test/testcase');
    await cases.open('/new');
    await chooseOption(formItem(cases.form, '脚本编号').locator('.ant-select'), CODE, CODE);
    await expect.poll(() => cases.section('脚本关联').innerText()).toContain('script/review_demo.py');
    await snap(author, 'review-case-picks-script');
  });
});
