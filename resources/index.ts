import type { ResourceProps } from '@refinedev/core';
import { createElement, lazy, type ReactElement } from 'react';
import { resourceSchemas } from './schemas';
import type { ResourceSchema } from './types';

/** A resource as the front end shows it: Refine's descriptor plus the page mounted at its list route. */
export interface ResourceUi {
  schema: ResourceSchema;
  resource: ResourceProps;
  /** The list page; its code is a chunk loaded on first visit. */
  element: ReactElement;
  /** Starts loading the page's chunk ahead of the visit. */
  preload(): Promise<unknown>;
}

// Plain resources share the generic crud page, fed by their schema.
const loadResourceCrudPage = () => import('../src/components/crud/ResourceCrudPage');
const ResourceCrudPage = lazy(loadResourceCrudPage);

function plainResource(schema: ResourceSchema): ResourceUi {
  return {
    schema,
    resource: {
      name: schema.name,
      list: schema.route,
      meta: { label: `${schema.name}.title` },
    },
    element: createElement(ResourceCrudPage, { schema }),
    preload: loadResourceCrudPage,
  };
}

export const resourceUis: ResourceUi[] = resourceSchemas.map(plainResource);

export const refineResources: ResourceProps[] = resourceUis.map((ui) => ui.resource);
