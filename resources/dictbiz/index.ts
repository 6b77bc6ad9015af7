// Business dictionaries are screened exactly like system ones.
export { default } from '../dict/index';
