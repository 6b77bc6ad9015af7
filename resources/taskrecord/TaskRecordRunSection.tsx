import type { SectionProps } from '../../src/components/crud/descriptor';
import { RunReportView } from '../task/RunReportView';

/** The run behind an execution record: its summary, outcome donut and every case with its log. */
export function TaskRecordRunSection({ id }: SectionProps) {
  if (id === undefined) return null;
  // The trend needs the task screen's menu; a record reader may hold only this one.
  return <RunReportView runKey={{ recordId: id }} withTrend={false} />;
}
