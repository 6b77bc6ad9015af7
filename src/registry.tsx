import type { ResourceProps } from '@refinedev/core';
import { createContext, useContext, type ReactElement, type ReactNode } from 'react';
import type { Registry } from '../resources/registry';
import type { ResourceSchema } from '../resources/types';

/** A resource as the front end shows it: Refine's descriptor plus the page mounted at its list route. */
export interface ResourceUi {
  schema: ResourceSchema;
  resource: ResourceProps;
  /** The screen; its code (generic page and the folder's own parts) is a chunk loaded on first visit. */
  element: ReactElement;
  /** Starts loading the screen's chunks ahead of the visit. */
  preload(): Promise<unknown>;
}

/** The registry as the client runs with it: the schemas, and each resource's screen and Refine descriptor. */
export interface ClientRegistry extends Registry {
  uis: readonly ResourceUi[];
  refineResources: ResourceProps[];
}

const RegistryContext = createContext<ClientRegistry | undefined>(undefined);

/** Hands the registry to every screen below; the app's root (main.tsx) is the one place that knows which it is. */
export function RegistryProvider({ registry, children }: { registry: ClientRegistry; children: ReactNode }) {
  return <RegistryContext value={registry}>{children}</RegistryContext>;
}

/** The registry the app runs with (the resources its screens, pickers and links know). */
export function useRegistry(): ClientRegistry {
  const registry = useContext(RegistryContext);
  if (!registry) throw new Error('useRegistry: no RegistryProvider above this component');
  return registry;
}
