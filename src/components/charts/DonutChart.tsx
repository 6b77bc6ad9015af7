import { donutArcs, percentText } from './geometry';
import { ChartFrame, colorAt, type ChartDatum } from './ChartFrame';

const SIZE = 200;
const OUTER = 90;
const INNER = 56;

interface DonutChartProps {
  title: string;
  data: readonly ChartDatum[];
  emptyText: string;
  /** Caption under the total in the middle, e.g. "terminals". */
  totalLabel: string;
  height?: number;
}

/** A ring of shares with the total in the middle and a legend giving each count and percentage. */
export function DonutChart({ title, data, emptyText, totalLabel, height = SIZE }: DonutChartProps) {
  const total = data.reduce((sum, datum) => sum + datum.value, 0);
  const arcs = donutArcs(
    data.map((datum) => datum.value),
    SIZE / 2,
    SIZE / 2,
    OUTER,
    INNER,
  );
  const legend = (
    <ul className="chart__legend">
      {data.map((datum, index) => (
        <li key={datum.label}>
          <span className="chart__swatch" style={{ background: colorAt(index, data[index]) }} aria-hidden />
          <span className="chart__legend-label">{datum.label}</span>
          <span className="chart__legend-value">
            {datum.value} · {percentText(arcs[index].fraction)}
          </span>
        </li>
      ))}
    </ul>
  );
  return (
    <ChartFrame
      title={title}
      data={data}
      emptyText={emptyText}
      viewBox={`0 0 ${SIZE} ${SIZE}`}
      height={height}
      aside={legend}
    >
      {arcs.map((arc, index) =>
        arc.path ? (
          <path key={data[index].label} className="chart__arc" d={arc.path} fill={colorAt(index, data[index])}>
            <title>{`${data[index].label}: ${data[index].value} (${percentText(arc.fraction)})`}</title>
          </path>
        ) : null,
      )}
      <text className="chart__total" x={SIZE / 2} y={SIZE / 2 - 4} textAnchor="middle">
        {total}
      </text>
      <text className="chart__total-label" x={SIZE / 2} y={SIZE / 2 + 18} textAnchor="middle">
        {totalLabel}
      </text>
    </ChartFrame>
  );
}
