import type { ResourceBehaviour } from '../../server/blade/behaviour';
import { badRequest } from '../../server/blade/errors';
import { idBody } from '../../server/blade/operation';
import { xlsxResponse, type ExcelColumn } from '../../server/excel';
import { isSafeKey, tenantObjectKey } from '../../server/storage/keys';
import { listRows, xlsxDownload } from './exports';

type Row = Record<string, unknown>;

const COLUMNS: ExcelColumn<Row>[] = [
  { key: 'fileName', header: '文件名', width: 36 },
  { key: 'resourceTitle', header: '导出内容', width: 14 },
  { key: 'filters', header: '筛选条件', width: 36 },
  { key: 'rowCount', header: '行数', width: 8 },
  { key: 'createUserName', header: '导出人', width: 12 },
  { key: 'createTime', header: '导出时间', width: 20 },
];

/** The stored file of an export can be downloaded again; the checklist itself exports as `.xlsx`. */
export const behaviour: ResourceBehaviour = {
  routes({ operation, store, services }) {
    operation('download', { query: idBody }, async ({ user, query }) => {
      const row = await store.detail(user, query.id);
      if (!row) throw badRequest('数据不存在');
      const key = String(row.fileUrl ?? '');
      const bytes = isSafeKey(key) ? await services.storage.getObject(tenantObjectKey(user.tenantId, key)) : undefined;
      if (!bytes) throw badRequest('文件不存在');
      return xlsxDownload(String(row.fileName), bytes);
    });
    operation('export', {}, ({ c, user }) => xlsxResponse('导出检查单.xlsx', COLUMNS, listRows(store, user, c.req.query())));
  },
};
