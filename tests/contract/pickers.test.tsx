import { Refine, useCreate } from '@refinedev/core';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { http as route } from 'msw';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { createDataProvider } from '../../providers/data';
import { projectRefFields } from '../../resources/fields';
import { resourceSchemas } from '../../resources/schemas';
import { RefSelect } from '../../src/components/crud/pickers';
import { envelope, server, useMockServer } from './support';

useMockServer();
afterEach(cleanup);

const PROJECT = '/gateway/blade-project/project';
const projectField = projectRefFields({ label: { zh: '所属项目', en: 'Project' } })[0];

function Shell({ children }: { children: ReactNode }) {
  return (
    <Refine dataProvider={createDataProvider(resourceSchemas)} resources={[{ name: 'project' }]} options={{ disableTelemetry: true }}>
      {children}
    </Refine>
  );
}

/** The project list as the server holds it, with every query the pickers sent. */
function projectServer() {
  const projects = [{ id: '1', projectName: '示例项目' }];
  const asked: Record<string, string>[] = [];
  server.use(
    route.get(`${PROJECT}/list`, ({ request }) => {
      const query = Object.fromEntries(new URL(request.url).searchParams);
      asked.push(query);
      const found = projects.filter((project) => !query.projectName || project.projectName.includes(query.projectName));
      return envelope({ records: found, total: found.length });
    }),
    route.post(`${PROJECT}/submit`, async ({ request }) => {
      projects.push({ id: String(projects.length + 1), ...((await request.json()) as { projectName: string }) });
      return envelope({});
    }),
  );
  return { projects, asked };
}

let createProject: (name: string) => Promise<unknown> = async () => undefined;
function ProjectWriter() {
  const { mutateAsync } = useCreate();
  createProject = (projectName) => mutateAsync({ resource: 'project', values: { projectName }, successNotification: false });
  return null;
}

const openPicker = () => fireEvent.mouseDown(document.querySelector('.ant-select-selector')!);

describe('the project picker', () => {
  it('lists 100 projects and searches by project name as the user types', async () => {
    const { asked } = projectServer();
    render(<Shell><RefSelect field={projectField} /></Shell>);
    openPicker();
    await screen.findByText('示例项目');
    expect(asked[0]).toEqual({ current: '1', size: '100' });
    fireEvent.change(document.querySelector('.ant-select-selection-search-input')!, { target: { value: '示例' } });
    await waitFor(() => expect(asked.at(-1)).toEqual({ current: '1', size: '100', projectName: '示例' }));
  });

  it('offers a project saved elsewhere on the screen at once, without reopening the form', async () => {
    const { asked } = projectServer();
    render(<Shell><ProjectWriter /><RefSelect field={projectField} /></Shell>);
    openPicker();
    await screen.findByText('示例项目');
    const reads = asked.length;
    await act(() => createProject('新建的项目'));
    await screen.findByText('新建的项目');
    expect(asked.length).toBe(reads + 1);
  });
});
