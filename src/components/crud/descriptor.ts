import type { BaseKey, BaseRecord, CrudFilters } from '@refinedev/core';
import type { FormInstance } from 'antd';
import type { TableColumnType } from 'antd';
import type { ComponentType } from 'react';
import type { FormMode, ResourceSchema } from '../../../resources/types';

/** What a section component of a complex screen receives (task: terminal radio table, reports). */
export interface SectionProps {
  schema: ResourceSchema;
  mode: FormMode;
  /** The record's id (absent on create). */
  id?: string;
  form: FormInstance;
  record?: Record<string, unknown>;
}

/** What a custom operation's dialog receives: the rows it acts on (toolbar: the selection, row: that row). */
export interface OperationDialogProps {
  schema: ResourceSchema;
  ids: BaseKey[];
  onClose(): void;
}

/** What a record's own view receives (`<route>/:id/<name>`, opened by the row operation of alias `name`). */
export interface RecordViewProps {
  schema: ResourceSchema;
  /** The record's id. */
  id: string;
  /** The view's own path, `<route>/:id/<name>`: paths below it (its forms) are the view's to use. */
  base: string;
  /** Back to the list, with its page and filters. */
  onClose(): void;
}

/** What a screen's own toolbar receives: the list's filters and the rows selected in it. */
export interface ToolbarProps {
  schema: ResourceSchema;
  filters: CrudFilters;
  selectedKeys: BaseKey[];
  clearSelection(): void;
}

/**
 * A resource folder's optional UI descriptor (`resources/<name>/index.ts`, loaded with the screen): section bodies
 * beyond the generic fields, child rows and links, and column overrides of the list.
 */
export interface ResourceUiDescriptor {
  sections?: Record<string, ComponentType<SectionProps>>;
  /**
   * How often the open form re-reads its record while the record changes on the server without the user (a task
   * whose run goes on): milliseconds, or `false` to stop. What the user types or picks in the form is kept.
   */
  followRecord?(record: BaseRecord | undefined): number | false;
  columns?: Record<string, Partial<TableColumnType<BaseRecord>>>;
  /**
   * Rendered after the toolbar buttons with the list's current filters (import dialog, export download). A screen
   * with one draws its toolbar-only custom operations itself: the generic buttons act on selected rows.
   */
  toolbar?: ComponentType<ToolbarProps>;
  /**
   * Where add and edit go when the resource's form is a screen of its own (模型设计's modeler) instead of the drawer or
   * modal: the list's 新增 and 修改 navigate there.
   */
  formRoutes?: { create?: string; edit?(id: string): string };
  /** Custom operations that open a dialog of the screen (the role grant) instead of calling their path at once. */
  operationDialogs?: Record<string, ComponentType<OperationDialogProps>>;
  /**
   * The screen itself, when its list is not the resource's rows (data scopes: the menus, each opening its scopes).
   * Rendered at the list route in place of the generic page, with the same schema and descriptor.
   */
  page?: ComponentType<{ schema: ResourceSchema; ui: ResourceUiDescriptor }>;
  /**
   * Views of one record over the list, by the alias of the row operation (declared without a `path`) that opens
   * them: a dictionary's items at `/system/dict/:id/items`.
   */
  recordViews?: Record<string, ComponentType<RecordViewProps>>;
}
