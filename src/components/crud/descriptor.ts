import type { BaseRecord, CrudFilters } from '@refinedev/core';
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

/**
 * A resource folder's optional UI descriptor (`resources/<name>/index.ts`, loaded with the screen): section bodies
 * beyond the generic fields, child rows and links, and column overrides of the list.
 */
export interface ResourceUiDescriptor {
  sections?: Record<string, ComponentType<SectionProps>>;
  columns?: Record<string, Partial<TableColumnType<BaseRecord>>>;
  /**
   * Rendered after the toolbar buttons with the list's current filters (import dialog, export download). A screen
   * with one draws its toolbar-only custom operations itself: the generic buttons act on selected rows.
   */
  toolbar?: ComponentType<{ schema: ResourceSchema; filters: CrudFilters }>;
  /**
   * Custom operations answered by a dialog of the folder instead of a direct call (a top menu's 菜单配置): the row
   * button opens it with the rows' ids; the dialog makes the declared call itself.
   */
  operationDialogs?: Record<string, ComponentType<OperationDialogProps>>;
  /** A screen of the folder's own instead of the generic list (a region tree beside its detail). */
  screen?: ComponentType<{ schema: ResourceSchema; ui: ResourceUiDescriptor }>;
}

export interface OperationDialogProps {
  schema: ResourceSchema;
  ids: string[];
  onClose(): void;
}
