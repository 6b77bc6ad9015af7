import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { clientRegistryOf } from '../../resources';
import { createRegistry } from '../../resources/registry';
import type { FieldSchema, ResourceSchema } from '../../resources/types';
import { FieldCell } from '../../src/components/crud/fieldRenderers';
import { RegistryProvider, useRegistry } from '../../src/registry';

/** A tree resource of a registry of the test's own, and a field picking its rows. */
const shelf: ResourceSchema = {
  name: 'shelf',
  title: { zh: '货架', en: 'Shelves' },
  api: '/gateway/blade-shelf/shelf',
  table: 'blade_fixture_shelf',
  tenantScoped: true,
  route: '/test/shelf',
  permissionCode: 'shelf',
  operations: [],
  form: { mode: 'modal' },
  tree: { parentField: 'parentId', labelField: 'shelfName' },
  fields: [
    { name: 'shelfName', type: 'string', label: { zh: '名称', en: 'Name' } },
    { name: 'parentId', type: 'id', label: { zh: '上级', en: 'Parent' }, ref: { resource: 'shelf', label: 'shelfName', as: 'parentName' } },
  ],
};
const parentField: FieldSchema = shelf.fields[1];

describe('the registry handed to the screens', () => {
  it('is the one the root provides: a ref to a tree resource it knows reads 顶级 at the root, one it does not, nothing', () => {
    const { unmount } = render(
      <RegistryProvider registry={clientRegistryOf(createRegistry([shelf]))}>
        <span data-testid="cell"><FieldCell field={parentField} value="0" /></span>
      </RegistryProvider>,
    );
    expect(screen.getByTestId('cell').textContent).toBe('顶级');
    unmount();
    render(
      <RegistryProvider registry={clientRegistryOf(createRegistry([]))}>
        <span data-testid="cell"><FieldCell field={parentField} value="0" /></span>
      </RegistryProvider>,
    );
    expect(screen.getByTestId('cell').textContent).toBe('');
  });

  it('gives each resource of the registry its screen and Refine descriptor, and refuses a screen outside a provider', () => {
    const registry = clientRegistryOf(createRegistry([shelf]));
    expect(registry.uis.map((ui) => ui.schema.route)).toEqual(['/test/shelf']);
    expect(registry.refineResources).toEqual([{ name: 'shelf', list: '/test/shelf', meta: { label: 'shelf.title' } }]);
    function Reader() {
      return <>{useRegistry().schemas.length}</>;
    }
    expect(() => render(<Reader />)).toThrow('useRegistry: no RegistryProvider above this component');
  });
});
