import { dictionaryBehaviour } from '../dict/dictionaryServer';

/** Business dictionaries: each tenant its own. */
export const behaviour = dictionaryBehaviour('blade_dict_biz', false);
