import { dict } from '../dictionaries';
import { KIND_SPECS, REPORT_KINDS } from './kinds';

/** The report kinds as the definition form offers them (its own dictionary, seeded by the registry). */
export const reportKindDict = dict(
  'report_kind',
  '报表类型',
  REPORT_KINDS.map((kind) => [kind, KIND_SPECS[kind].label.zh, KIND_SPECS[kind].label.en]),
);
