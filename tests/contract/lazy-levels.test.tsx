import { Refine, useCreate } from '@refinedev/core';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { http as route } from 'msw';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { createDataProvider } from '../../providers/data';
import { resourceSchemas } from '../../resources/schemas';
import { useLazyChildren } from '../../src/components/crud/useLazyChildren';
import { envelope, server, useMockServer } from './support';

useMockServer();
afterEach(cleanup);

const REGION = '/api/blade-system/region';

interface Node {
  id: string;
  title: string;
  hasChildren: boolean;
  parentCode: string;
}

/** The regions as the server holds them, answering `lazy-tree?parentCode=` one level at a time, with every level asked. */
function regionServer() {
  const regions: Node[] = [
    { id: '330000', title: '浙江省', hasChildren: true, parentCode: '00' },
    { id: '330100', title: '杭州市', hasChildren: false, parentCode: '330000' },
  ];
  const asked: string[] = [];
  server.use(
    route.get(`${REGION}/lazy-tree`, ({ request }) => {
      const parentCode = new URL(request.url).searchParams.get('parentCode') ?? '';
      asked.push(parentCode);
      return envelope(regions.filter((region) => region.parentCode === parentCode));
    }),
    route.post(`${REGION}/submit`, async ({ request }) => {
      const { code, name, parentCode } = (await request.json()) as { code: string; name: string; parentCode: string };
      regions.push({ id: code, title: name, hasChildren: false, parentCode });
      return envelope({});
    }),
  );
  return { asked };
}

let open: (code: string) => Promise<unknown> = async () => undefined;
let addRegion: (code: string, name: string, parentCode: string) => Promise<unknown> = async () => undefined;

/** Each level read so far, one line per parent: `parent: names`. */
function Levels() {
  const [opened, setOpened] = useState(['00']);
  const levels = useLazyChildren<Node>({ resource: 'region', endpoint: 'lazy-tree', param: 'parentCode' }, opened);
  open = (code) => {
    setOpened((codes) => [...codes, code]);
    return levels.load(code);
  };
  const { mutateAsync } = useCreate();
  addRegion = (code, name, parentCode) =>
    mutateAsync({ resource: 'region', values: { code, name, parentCode }, successNotification: false, invalidates: ['resourceAll'] });
  return (
    <ul>
      {[...levels.childrenOf].map(([parent, rows]) => (
        <li key={parent}>{`${parent}: ${rows.map((row) => row.title).join(',')}`}</li>
      ))}
    </ul>
  );
}

function renderLevels() {
  render(
    <Refine dataProvider={createDataProvider(resourceSchemas)} resources={[{ name: 'region' }]} options={{ disableTelemetry: true }}>
      <Levels />
    </Refine>,
  );
}

describe('the levels of a lazy tree', () => {
  it('reads the top level at once and a level when opened, each once', async () => {
    const { asked } = regionServer();
    renderLevels();
    await screen.findByText('00: 浙江省');
    await act(() => open('330000'));
    await screen.findByText('330000: 杭州市');
    expect(asked).toEqual(['00', '330000']);
  });

  it('reads every open level again after a write to the resource, so a new region shows under its open parent', async () => {
    const { asked } = regionServer();
    renderLevels();
    await screen.findByText('00: 浙江省');
    await act(() => open('330000'));
    await screen.findByText('330000: 杭州市');
    await act(() => addRegion('330110', '余杭区', '330000'));
    await screen.findByText('330000: 杭州市,余杭区');
    await waitFor(() => expect(asked).toEqual(['00', '330000', '00', '330000']));
  });
});
