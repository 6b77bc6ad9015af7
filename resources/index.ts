import { createElement } from 'react';
import { preloadable } from '../src/router/preloadable';
import type { ResourceUiDescriptor } from '../src/components/crud/descriptor';
import type { ClientRegistry, ResourceUi } from '../src/registry';
import type { Registry } from './registry';
import type { ResourceSchema } from './types';

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

/** The registry as the client runs with it: each resource's screen (loaded on first visit) and Refine descriptor. */
export function clientRegistryOf(registry: Registry): ClientRegistry {
  const uis = registry.schemas.map(resourceUi);
  return { ...registry, uis, refineResources: uis.map((ui) => ui.resource) };
}
