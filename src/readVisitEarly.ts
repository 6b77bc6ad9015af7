import { registry } from '../resources/schemas';
import { readVisitDataEarly } from './router/readVisitDataEarly';

// Part of the app's root (main.tsx imports it first): run as this module is evaluated, so the visit's requests leave
// while the rest of the code is still being run (over 100 ms of a cold visit on a two-core machine) rather than after.
readVisitDataEarly(window.location, registry.schemas);
