import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { preloadable } from '../../src/router/preloadable';

const Greeting = ({ name }: { name: string }) => <p>hello {name}</p>;
const fallback = <p>loading</p>;

describe('preloadable screens', () => {
  it('suspends on a first render whose code has not arrived, then shows it', async () => {
    const Screen = preloadable(async () => ({ default: Greeting }));
    render(
      <Suspense fallback={fallback}>
        <Screen name="a" />
      </Suspense>,
    );
    expect(screen.getByText('loading')).toBeTruthy();
    expect(await screen.findByText('hello a')).toBeTruthy();
  });

  it('renders at once, without the fallback, once preloaded', async () => {
    const Screen = preloadable(async () => ({ default: Greeting }));
    await Screen.preload();
    render(
      <Suspense fallback={fallback}>
        <Screen name="b" />
      </Suspense>,
    );
    // Synchronously: no loading step in between.
    expect(screen.getByText('hello b')).toBeTruthy();
    expect(screen.queryByText('loading')).toBeNull();
  });

  it('loads once however often it is preloaded, and loads again after a failed download', async () => {
    const load = vi
      .fn<() => Promise<{ default: typeof Greeting }>>()
      .mockRejectedValueOnce(new Error('network'))
      .mockResolvedValue({ default: Greeting });
    const Screen = preloadable(load);
    await expect(Screen.preload()).rejects.toThrow('network');
    await Promise.all([Screen.preload(), Screen.preload()]);
    expect(load).toHaveBeenCalledTimes(2);
    await act(async () => {
      render(<Screen name="c" />);
    });
    expect(screen.getByText('hello c')).toBeTruthy();
  });
});
