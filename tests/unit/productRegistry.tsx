import type { ReactNode } from 'react';
import { clientRegistryOf } from '../../resources';
import { registry } from '../../resources/schemas';
import { RegistryProvider } from '../../src/registry';

/** The product's registry, as src/main.tsx hands it to the app: for components under test that read it. */
export const productRegistry = clientRegistryOf(registry);

export function WithProductRegistry({ children }: { children: ReactNode }) {
  return <RegistryProvider registry={productRegistry}>{children}</RegistryProvider>;
}
