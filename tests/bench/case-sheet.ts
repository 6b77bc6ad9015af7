import ExcelJS from 'exceljs';

export const CASE_HEADERS = ['用例编号', '用例标题', '功能模块', '优先级', '用例归属', '所属项目', '审核状态', '测试目的', '前置条件', '测试步骤', '预期结果', '脚本编号'];

/**
 * A case sheet of `rows` rows as Excel writes one (texts in the shared-string table). Its cases name the module type
 * `批量模块` and the script `<prefix>-SC`, which the bench creates first.
 */
export async function caseSheet(prefix: string, rows: number): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('用例');
  sheet.addRow(CASE_HEADERS);
  for (let index = 0; index < rows; index += 1) {
    sheet.addRow([`${prefix}-${index}`, `批量用例${index}`, '批量模块', '高', '公共', '', '', '验证导入', '已登录', '1. 打开\n2. 检查', '成功', `${prefix}-SC`]);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
