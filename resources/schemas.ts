import { paramSchema } from './param/schema';
// Part D: test-management resources counted by the dashboard.
import { projectSchema } from './project/schema';
import { taskSchema } from './task/schema';
import { taskRecordSchema } from './taskrecord/schema';
import { terminalSchema } from './terminal/schema';
// Part A: desk notices (top-bar notice popover).
import { noticeSchema } from './notice/schema';
import type { ResourceSchema } from './types';

/** Every resource schema: the server builds tables and routes from these, the front end its pages. */
export const resourceSchemas: ResourceSchema[] = [paramSchema, projectSchema, taskSchema, terminalSchema, taskRecordSchema, noticeSchema];

export function schemaByName(name: string): ResourceSchema | undefined {
  return resourceSchemas.find((s) => s.name === name);
}
