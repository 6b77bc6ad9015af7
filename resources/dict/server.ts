import { dictionaryBehaviour } from './dictionaryServer';

/** System dictionaries: one set shared by every tenant. */
export const behaviour = dictionaryBehaviour('blade_dict', true);
