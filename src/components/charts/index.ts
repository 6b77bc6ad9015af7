export { BarChart } from './BarChart';
export { DonutChart } from './DonutChart';
export { LineChart } from './LineChart';
export type { ChartDatum } from './ChartFrame';
