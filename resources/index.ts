import type { ResourceProps } from '@refinedev/core';
import { createElement, type ReactElement } from 'react';
import { preloadable } from '../src/router/preloadable';
import type { ResourceUiDescriptor } from '../src/components/crud/descriptor';
import { resourceSchemas } from './schemas';
import type { ResourceSchema } from './types';

/** A resource as the front end shows it: Refine's descriptor plus the page mounted at its list route. */
export interface ResourceUi {
  schema: ResourceSchema;
  resource: ResourceProps;
  /** The screen; its code (generic page and the folder's own parts) is a chunk loaded on first visit. */
  element: ReactElement;
  /** Starts loading the screen's chunks ahead of the visit. */
  preload(): Promise<unknown>;
}

// A folder's optional `index.ts` (its UI descriptor) is found by name, like its `server.ts` on the server.
const descriptors = import.meta.glob<{ default: ResourceUiDescriptor }>('./*/index.ts');
const loadResourceCrudPage = () => import('../src/components/crud/ResourceCrudPage');

function resourceUi(schema: ResourceSchema): ResourceUi {
  const loadDescriptor = descriptors[`./${schema.name}/index.ts`];
  const Screen = preloadable(async () => {
    const [{ default: Page }, { default: ui }] = await Promise.all([
      loadResourceCrudPage(),
      loadDescriptor ? loadDescriptor() : Promise.resolve({ default: {} as ResourceUiDescriptor }),
    ]);
    // A folder may bring its own screen (`page`); otherwise the generic list with the descriptor's parts.
    return { default: () => createElement(ui.page ?? Page, { schema, ui }) };
  });
  return {
    schema,
    resource: { name: schema.name, list: schema.route, meta: { label: `${schema.name}.title` } },
    element: createElement(Screen),
    preload: Screen.preload,
  };
}

export const resourceUis: ResourceUi[] = resourceSchemas.map(resourceUi);

export const refineResources: ResourceProps[] = resourceUis.map((ui) => ui.resource);
