import './charts.css';
import { Empty } from 'antd';
import { useId, type ReactNode } from 'react';

export interface ChartDatum {
  label: string;
  value: number;
  /** A colour with a meaning (passed green, failed red); else the series colour of its position. */
  color?: string;
}

/** Series colours, in order; chosen to stay apart for common colour-vision deficiencies. */
export const CHART_COLORS = ['#409EFF', '#67C23A', '#E6A23C', '#F56C6C', '#909399', '#9B59B6', '#1ABC9C', '#34495E'];
export const colorAt = (index: number, datum?: Pick<ChartDatum, 'color'>) => datum?.color ?? CHART_COLORS[index % CHART_COLORS.length];

/** Screen-reader summary of a chart: "title: label value, label value". */
export const describeData = (title: string, data: readonly ChartDatum[]) =>
  `${title}: ${data.map((datum) => `${datum.label} ${datum.value}`).join(', ')}`;

export const hasValues = (data: readonly ChartDatum[]) => data.some((datum) => datum.value > 0);

interface ChartFrameProps {
  title: string;
  data: readonly ChartDatum[];
  emptyText: string;
  viewBox: string;
  height: number;
  /** Shown next to the drawing (a legend), outside the SVG so it wraps like text. */
  aside?: ReactNode;
  children: ReactNode;
}

/**
 * The accessible shell of every chart: an SVG with role img, a title and a description listing each value (hover
 * titles on the shapes repeat them for pointer users); an empty state when nothing is counted.
 */
export function ChartFrame({ title, data, emptyText, viewBox, height, aside, children }: ChartFrameProps) {
  const id = useId();
  if (!hasValues(data)) {
    return (
      <div className="chart chart--empty" role="img" aria-label={`${title}: ${emptyText}`}>
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} />
      </div>
    );
  }
  return (
    <div className="chart">
      <svg
        className="chart__svg"
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
        viewBox={viewBox}
        // Scales with the card's width (no letterboxing on narrow screens), up to `height` on wide ones.
        style={{ maxHeight: height }}
        preserveAspectRatio="xMidYMid meet"
      >
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-desc`}>{describeData(title, data)}</desc>
        {children}
      </svg>
      {aside}
    </div>
  );
}

/** Horizontal grid lines at each tick of the value axis, labelled on the left. */
export function ValueGrid({ ticks, top, plot }: { ticks: readonly number[]; top: number; plot: { width: number; height: number } }) {
  return (
    <>
      {ticks.map((tick) => {
        const y = plot.height - (tick / top) * plot.height;
        return (
          <g key={tick} className="chart__grid">
            <line x1={0} x2={plot.width} y1={y} y2={y} />
            <text x={-6} y={y} dy="0.32em" textAnchor="end">
              {tick}
            </text>
          </g>
        );
      })}
    </>
  );
}
