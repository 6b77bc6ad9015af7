import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { BarChart, DonutChart, LineChart } from '../../src/components/charts';
import { barRects, donutArcs, linePath, linePoints, niceMax, percentText, polar, ticks } from '../../src/components/charts/geometry';
import { mergeWithDictionary } from '../../server/modules/desk/figures';

afterEach(cleanup);

describe('chart scales', () => {
  it('rounds an axis maximum up to 1, 2, 2.5 or 5 times a power of ten', () => {
    expect([0, -3, 0.4, 1, 3, 7, 12, 21, 30, 99, 101, 2600].map(niceMax)).toEqual([
      1, 1, 0.5, 1, 5, 10, 20, 25, 50, 100, 200, 5000,
    ]);
  });

  it('spreads ticks evenly from 0 to the maximum, on whole numbers when the maximum allows', () => {
    expect(ticks(20)).toEqual([0, 5, 10, 15, 20]);
    expect(ticks(5)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(ticks(10)).toEqual([0, 2, 4, 6, 8, 10]);
    expect(ticks(1)).toEqual([0, 1]);
    expect(ticks(1, 2)).toEqual([0, 0.5, 1]);
  });
});

describe('bar geometry', () => {
  it('gives every value an equal slot, a centred bar and a height proportional to the top', () => {
    const rects = barRects([10, 5, 0], { width: 300, height: 100 }, 10, 0.5);
    expect(rects).toEqual([
      { x: 25, y: 0, width: 50, height: 100 },
      { x: 125, y: 50, width: 50, height: 50 },
      { x: 225, y: 100, width: 50, height: 0 },
    ]);
  });

  it('draws nothing for no values and clamps negative values to the baseline', () => {
    expect(barRects([], { width: 100, height: 100 })).toEqual([]);
    expect(barRects([-4], { width: 100, height: 100 }, 10)[0]).toMatchObject({ height: 0, y: 100 });
  });
});

describe('donut geometry', () => {
  it('starts at 12 o clock and runs clockwise', () => {
    expect(polar(50, 50, 10, 0)).toEqual({ x: 50, y: 40 });
    expect(polar(50, 50, 10, Math.PI / 2)).toEqual({ x: 60, y: 50 });
  });

  it('splits the circle by share and keeps zero values as empty segments', () => {
    const arcs = donutArcs([1, 0, 3], 100, 100, 90, 50);
    expect(arcs.map((arc) => arc.fraction)).toEqual([0.25, 0, 0.75]);
    expect(arcs[0].startAngle).toBe(0);
    expect(arcs[0].endAngle).toBeCloseTo(Math.PI / 2);
    expect(arcs[1].path).toBe('');
    expect(arcs[2].endAngle).toBeCloseTo(2 * Math.PI);
    // The quarter is a small arc from 12 to 3 o'clock on the outer ring.
    expect(arcs[0].path).toBe('M 100 10 A 90 90 0 0 1 190 100 L 150 100 A 50 50 0 0 0 100 50 Z');
    // Three quarters need the large-arc flag.
    expect(arcs[2].path).toContain('A 90 90 0 1 1');
  });

  it('draws a single 100% share as two half rings (one arc cannot close a circle)', () => {
    const [full] = donutArcs([7], 100, 100, 90, 50);
    expect(full.fraction).toBe(1);
    expect(full.path.match(/M /g)).toHaveLength(2);
  });

  it('draws nothing when every value is zero', () => {
    expect(donutArcs([0, 0], 100, 100, 90, 50).every((arc) => arc.path === '' && arc.fraction === 0)).toBe(true);
  });

  it('writes shares as percentages with at most one decimal', () => {
    expect([0.125, 1 / 3, 1, 0].map(percentText)).toEqual(['12.5%', '33.3%', '100%', '0%']);
  });
});

describe('line geometry', () => {
  it('spreads points across the width and scales them to the top', () => {
    const points = linePoints([0, 5, 10], { width: 200, height: 100 }, 10);
    expect(points).toEqual([
      { x: 0, y: 100 },
      { x: 100, y: 50 },
      { x: 200, y: 0 },
    ]);
    expect(linePath(points)).toBe('M 0 100 L 100 50 L 200 0');
  });

  it('puts a single value in the middle', () => {
    expect(linePoints([3], { width: 200, height: 100 }, 6)).toEqual([{ x: 100, y: 50 }]);
  });
});

describe('dashboard status breakdown', () => {
  it('lists every dictionary item in order, with 0 for absent values, then values the dictionary lacks', () => {
    const merged = mergeWithDictionary(
      [
        { key: '0', label: '离线' },
        { key: '1', label: '空闲' },
      ],
      [
        { key: '1', count: 4 },
        { key: '7', count: 2 },
        { key: null, count: 1 },
      ],
    );
    expect(merged).toEqual([
      { key: '0', label: '离线', count: 0 },
      { key: '1', label: '空闲', count: 4 },
      { key: '7', label: null, count: 2 },
      { key: '', label: null, count: 1 },
    ]);
  });
});

describe('chart components', () => {
  const data = [
    { label: '运行中', value: 3 },
    { label: '已完成', value: 1 },
  ];

  it('bar chart: an image named by its title, described value by value, each value written on its bar', () => {
    render(<BarChart title="任务运行状态分布" data={data} emptyText="暂无数据" />);
    const chart = screen.getByRole('img', { name: /任务运行状态分布/ });
    expect(chart.querySelector('desc')?.textContent).toBe('任务运行状态分布: 运行中 3, 已完成 1');
    expect(chart.querySelectorAll('rect')).toHaveLength(2);
    expect([...chart.querySelectorAll('.chart__value')].map((node) => node.textContent)).toEqual(['3', '1']);
    expect([...chart.querySelectorAll('rect title')].map((node) => node.textContent)).toEqual(['运行中: 3', '已完成: 1']);
  });

  it('donut chart: total in the middle and a legend with counts and shares', () => {
    render(<DonutChart title="终端运行状态分布" data={data} emptyText="暂无数据" totalLabel="终端总数" />);
    const chart = screen.getByRole('img', { name: /终端运行状态分布/ });
    expect(chart.querySelector('.chart__total')?.textContent).toBe('4');
    expect(screen.getByText('3 · 75%')).toBeTruthy();
    expect(screen.getByText('1 · 25%')).toBeTruthy();
  });

  it('donut chart: a value with a meaning keeps its colour, the others take the series colours', () => {
    render(<DonutChart title="用例结果" data={[{ label: '失败', value: 1, color: '#F56C6C' }, { label: '其他', value: 1 }]} emptyText="暂无数据" totalLabel="用例" />);
    const chart = screen.getByRole('img', { name: /用例结果/ });
    expect([...chart.querySelectorAll('.chart__arc')].map((arc) => arc.getAttribute('fill'))).toEqual(['#F56C6C', '#67C23A']);
  });

  it('line chart: one dot per value with a hover title', () => {
    render(
      <LineChart
        title="近14天执行次数"
        data={[
          { label: '05-01', value: 2 },
          { label: '05-02', value: 0 },
          { label: '05-03', value: 5 },
        ]}
        emptyText="暂无数据"
      />,
    );
    const chart = screen.getByRole('img', { name: /近14天执行次数/ });
    expect([...chart.querySelectorAll('circle title')].map((node) => node.textContent)).toEqual([
      '05-01: 2',
      '05-02: 0',
      '05-03: 5',
    ]);
  });

  it('shows the empty state, still labelled, when nothing is counted', () => {
    render(<BarChart title="任务运行状态分布" data={[{ label: '运行中', value: 0 }]} emptyText="暂无数据" />);
    expect(screen.getByRole('img', { name: '任务运行状态分布: 暂无数据' })).toBeTruthy();
    expect(screen.getByText('暂无数据')).toBeTruthy();
  });
});
