/**
 * Dictionaries seeded on first start: the registry's dictionaries (the shared ones and each resource's own) with their
 * Chinese labels, as BladeX stores them. The server writes each as a root row (`dictKey` "-1", `dictValue` = name) with its
 * items as children, in `blade_dict` (biz false) or per tenant in `blade_dict_biz` (biz true).
 */
import type { ProductDict } from '../../../resources/types';

export interface SeedDictItem {
  key: string;
  value: string;
  remark?: string;
}

export interface SeedDict {
  code: string;
  name: string;
  biz: boolean;
  items: SeedDictItem[];
}

export const seedDictsOf = (dictionaries: readonly ProductDict[]): SeedDict[] =>
  dictionaries.map(({ code, name, biz, items }) => ({
    code,
    name,
    biz,
    items: items.map(({ key, label, remark }) => (remark === undefined ? { key, value: label.zh } : { key, value: label.zh, remark })),
  }));
