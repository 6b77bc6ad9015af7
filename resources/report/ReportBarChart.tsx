import { Empty } from 'antd';
import { useId } from 'react';
import type { ChartDatum } from '../../src/components/charts';

const WIDTH = 720;
const ROW = 30;
const BAR = 18;
const LABEL_WIDTH = 200;
const VALUE_WIDTH = 72;
const TOP = 8;
/** Labels longer than this are cut with an ellipsis; the whole label stays in the bar's title and the description. */
const LABEL_CHARS = 16;

interface ReportBarChartProps {
  title: string;
  data: readonly ChartDatum[];
  emptyText: string;
  /** How a value is written at the end of its bar (`85.5%`, `3.2 s`). */
  format(value: number): string;
  /** The scale's end: 100 for percentages, else the largest value. */
  max?: number;
}

const cut = (label: string) => (label.length > LABEL_CHARS ? `${label.slice(0, LABEL_CHARS - 1)}…` : label);

/**
 * Horizontal bars, one per row of a report, each labelled with its name on the left and its value at its end: long
 * names (projects, case titles) stay readable, and the order of the table is the order of the bars. Screen readers get
 * the title and every value.
 */
export function ReportBarChart({ title, data, emptyText, format, max }: ReportBarChartProps) {
  const top = Math.max(max ?? 0, ...data.map((datum) => datum.value)) || 1;
  const plotWidth = WIDTH - LABEL_WIDTH - VALUE_WIDTH;
  const height = TOP * 2 + data.length * ROW;
  const id = useId();
  if (data.length === 0) {
    return (
      <div className="chart chart--empty" role="img" aria-label={`${title}: ${emptyText}`}>
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} />
      </div>
    );
  }
  // Rows at 0 are drawn too (a pass rate of 0 is the news), so this frame is not the shared one, which hides them.
  return (
    <svg
      className="chart__svg report-chart"
      role="img"
      aria-labelledby={`${id}-title ${id}-desc`}
      viewBox={`0 0 ${WIDTH} ${height}`}
      style={{ maxHeight: height * 1.2 }}
      preserveAspectRatio="xMinYMin meet"
    >
      <title id={`${id}-title`}>{title}</title>
      <desc id={`${id}-desc`}>{`${title}: ${data.map((datum) => `${datum.label} ${format(datum.value)}`).join(', ')}`}</desc>
      <g transform={`translate(0 ${TOP})`}>
        <line className="report-chart__axis" x1={LABEL_WIDTH} x2={LABEL_WIDTH} y1={0} y2={data.length * ROW} />
        {data.map((datum, index) => {
          const y = index * ROW + (ROW - BAR) / 2;
          const width = Math.max(datum.value > 0 ? 2 : 0, (datum.value / top) * plotWidth);
          return (
            <g key={`${datum.label}-${index}`} className="chart__bar">
              <text className="report-chart__label" x={LABEL_WIDTH - 8} y={y + BAR / 2} dy="0.35em" textAnchor="end">
                {cut(datum.label)}
              </text>
              <rect className="report-chart__track" x={LABEL_WIDTH} y={y} width={plotWidth} height={BAR} rx={3} />
              <rect x={LABEL_WIDTH} y={y} width={width} height={BAR} rx={3} fill={datum.color ?? '#409EFF'}>
                <title>{`${datum.label}: ${format(datum.value)}`}</title>
              </rect>
              <text className="chart__value" x={LABEL_WIDTH + width + 6} y={y + BAR / 2} dy="0.35em">
                {format(datum.value)}
              </text>
            </g>
          );
        })}
      </g>
    </svg>
  );
}
