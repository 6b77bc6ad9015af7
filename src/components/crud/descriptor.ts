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
  columns?: Record<string, Partial<TableColumnType<BaseRecord>>>;
  /**
   * Rendered after the toolbar buttons with the list's current filters (import dialog, export download). A screen
   * with one draws its toolbar-only custom operations itself: the generic buttons act on selected rows.
   */
  toolbar?: ComponentType<ToolbarProps>;
}
