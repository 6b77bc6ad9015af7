import { act, cleanup, render, screen } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { AfterFirstPaint } from '../../src/components/AfterFirstPaint';

afterEach(cleanup);

describe('parts drawn after the first paint', () => {
  it('commits the placeholder with the rest of the screen, then the parts in a render of their own', async () => {
    const commits: string[] = [];
    function Part({ name }: { name: string }) {
      useLayoutEffect(() => void commits.push(name), [name]);
      return <span>{name}</span>;
    }
    await act(async () => {
      render(
        <>
          <Part name="content" />
          <AfterFirstPaint placeholder={<Part name="placeholder" />}>
            <Part name="menu" />
          </AfterFirstPaint>
        </>,
      );
    });
    expect(commits).toEqual(['content', 'placeholder', 'menu']);
    expect(screen.getByText('menu')).toBeTruthy();
    expect(screen.queryByText('placeholder')).toBeNull();
  });

  it('keeps its parts once drawn when the screen renders again', async () => {
    const { rerender } = render(<AfterFirstPaint placeholder="…">menu</AfterFirstPaint>);
    await act(async () => undefined);
    rerender(<AfterFirstPaint placeholder="…">menu, again</AfterFirstPaint>);
    expect(screen.getByText('menu, again')).toBeTruthy();
  });
});
