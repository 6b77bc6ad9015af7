import { linePath, linePoints, niceMax, ticks } from './geometry';
import { ChartFrame, colorAt, ValueGrid, type ChartDatum } from './ChartFrame';

const HEIGHT = 240;
const MARGIN = { top: 20, right: 16, bottom: 28, left: 36 };

interface LineChartProps {
  title: string;
  data: readonly ChartDatum[];
  emptyText: string;
  height?: number;
  /** Show every n-th x label so that dense series stay readable. */
  labelEvery?: number;
  /** Drawing width in SVG units: a wide card gets a wide drawing instead of a centred narrow one. */
  width?: number;
}

/** A line over ordered categories (days), with a dot and hover title per value and a shaded area below. */
export function LineChart({ title, data, emptyText, height = HEIGHT, labelEvery = 1, width = 560 }: LineChartProps) {
  const plot = { width: width - MARGIN.left - MARGIN.right, height: HEIGHT - MARGIN.top - MARGIN.bottom };
  const top = niceMax(Math.max(0, ...data.map((datum) => datum.value)));
  const points = linePoints(
    data.map((datum) => datum.value),
    plot,
    top,
  );
  const line = linePath(points);
  const area = points.length > 0 ? `${line} L ${points[points.length - 1].x} ${plot.height} L ${points[0].x} ${plot.height} Z` : '';
  const color = colorAt(0);
  return (
    <ChartFrame title={title} data={data} emptyText={emptyText} viewBox={`0 0 ${width} ${HEIGHT}`} height={height}>
      <g transform={`translate(${MARGIN.left} ${MARGIN.top})`}>
        <ValueGrid ticks={ticks(top)} top={top} plot={plot} />
        <path className="chart__area" d={area} fill={color} />
        <path className="chart__line" d={line} stroke={color} fill="none" />
        {points.map((point, index) => (
          <g key={data[index].label} className="chart__point">
            <circle cx={point.x} cy={point.y} r={4} fill="#fff" stroke={color}>
              <title>{`${data[index].label}: ${data[index].value}`}</title>
            </circle>
            {index % labelEvery === 0 || index === points.length - 1 ? (
              <text className="chart__label" x={point.x} y={plot.height + 18} textAnchor="middle">
                {data[index].label}
              </text>
            ) : null}
          </g>
        ))}
      </g>
    </ChartFrame>
  );
}
