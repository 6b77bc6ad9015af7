import { barRects, niceMax, ticks } from './geometry';
import { ChartFrame, colorAt, ValueGrid, type ChartDatum } from './ChartFrame';

const WIDTH = 480;
const HEIGHT = 240;
const MARGIN = { top: 20, right: 12, bottom: 28, left: 36 };

interface BarChartProps {
  title: string;
  data: readonly ChartDatum[];
  emptyText: string;
  height?: number;
}

/** Vertical bars with a value on each bar, a labelled baseline and a light grid. */
export function BarChart({ title, data, emptyText, height = HEIGHT }: BarChartProps) {
  const plot = { width: WIDTH - MARGIN.left - MARGIN.right, height: HEIGHT - MARGIN.top - MARGIN.bottom };
  const top = niceMax(Math.max(0, ...data.map((datum) => datum.value)));
  const rects = barRects(
    data.map((datum) => datum.value),
    plot,
    top,
  );
  return (
    <ChartFrame title={title} data={data} emptyText={emptyText} viewBox={`0 0 ${WIDTH} ${HEIGHT}`} height={height}>
      <g transform={`translate(${MARGIN.left} ${MARGIN.top})`}>
        <ValueGrid ticks={ticks(top)} top={top} plot={plot} />
        {rects.map((rect, index) => {
          const datum = data[index];
          const centre = rect.x + rect.width / 2;
          return (
            <g key={datum.label} className="chart__bar">
              <rect x={rect.x} y={rect.y} width={rect.width} height={rect.height} rx={3} fill={colorAt(index)}>
                <title>{`${datum.label}: ${datum.value}`}</title>
              </rect>
              <text className="chart__value" x={centre} y={rect.y - 6} textAnchor="middle">
                {datum.value}
              </text>
              <text className="chart__label" x={centre} y={plot.height + 18} textAnchor="middle">
                {datum.label}
              </text>
            </g>
          );
        })}
      </g>
    </ChartFrame>
  );
}
