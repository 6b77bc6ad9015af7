import { registerMessages } from '../../providers/i18n';
import { en } from './en';
import { zh } from './zh';

// The app's own messages, injected into the i18n provider before anything renders.
registerMessages({ zh, en });
