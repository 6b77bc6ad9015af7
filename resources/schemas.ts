import { apiLogSchema } from './apilog/schema';
import { apiScopeSchema } from './apiscope/schema';
import { attachSchema } from './attach/schema';
import { dataScopeSchema } from './datascope/schema';
import { dictSchema } from './dict/schema';
import { sharedDictionaries } from './dictionaries';
import { dictBizSchema } from './dictbiz/schema';
import { clientSchema } from './client/schema';
import { codeSchema } from './code/schema';
import { codeSettingSchema } from './codesetting/schema';
import { datasourceSchema } from './datasource/schema';
import { deptSchema } from './dept/schema';
import { errorLogSchema } from './errorlog/schema';
import { exportChecklistSchema } from './exportchecklist/schema';
import { flowModelSchema } from './flowmodel/schema';
import { importCheckSchema } from './importcheck/schema';
import { jobInfoSchema } from './jobinfo/schema';
import { jobServerSchema } from './jobserver/schema';
import { menuSchema } from './menu/schema';
import { modelSchema } from './model/schema';
import { moduleTypeSchema } from './moduletype/schema';
import { noticeSchema } from './notice/schema';
import { ossSchema } from './oss/schema';
import { operationLogSchema } from './operationlog/schema';
import { paramSchema } from './param/schema';
import { postSchema } from './post/schema';
import { projectSchema } from './project/schema';
import { regionSchema } from './region/schema';
import { reportSchema } from './report/schema';
import { taskSchema } from './task/schema';
import { taskRecordSchema } from './taskrecord/schema';
import { tenantSchema } from './tenant/schema';
import { tenantPackageSchema } from './tenantpackage/schema';
import { terminalSchema } from './terminal/schema';
import { testCaseSchema } from './testcase/schema';
import { testObjectSchema } from './testobject/schema';
import { testScriptSchema } from './testscript/schema';
import { toolDeviceSchema } from './tooldevice/schema';
import { roleSchema } from './role/schema';
import { smsSchema } from './sms/schema';
import { topMenuSchema } from './topmenu/schema';
import { createRegistry, type Registry } from './registry';
import type { ResourceSchema } from './types';
import { userSchema } from './user/schema';
import { usualLogSchema } from './usuallog/schema';

/**
 * The registry: one line per resource. The server builds tables, routes, guards and menus from these; the front end
 * its pages. A folder's optional `server.ts` and `index.ts` are found by the resource's name.
 */
export const resourceSchemas: ResourceSchema[] = [
  paramSchema,
  dictSchema,
  dictBizSchema,
  noticeSchema,
  userSchema,
  deptSchema,
  postSchema,
  projectSchema,
  moduleTypeSchema,
  toolDeviceSchema,
  testObjectSchema,
  testScriptSchema,
  testCaseSchema,
  terminalSchema,
  taskSchema,
  taskRecordSchema,
  attachSchema,
  ossSchema,
  usualLogSchema,
  apiLogSchema,
  errorLogSchema,
  operationLogSchema,
  importCheckSchema,
  exportChecklistSchema,
  roleSchema,
  dataScopeSchema,
  apiScopeSchema,
  menuSchema,
  topMenuSchema,
  regionSchema,
  tenantSchema,
  tenantPackageSchema,
  clientSchema,
  datasourceSchema,
  modelSchema,
  codeSchema,
  codeSettingSchema,
  jobServerSchema,
  jobInfoSchema,
  flowModelSchema,
  smsSchema,
  reportSchema,
];

/** The product's registry, handed in by the composition roots (server/main.ts, server/dev.ts, src/main.tsx). */
export const registry: Registry = createRegistry(resourceSchemas, { dictionaries: sharedDictionaries });

export const schemaByName = (name: string): ResourceSchema | undefined => registry.schemaByName(name);
