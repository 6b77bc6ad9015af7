import type { ResourceUiDescriptor } from '../../src/components/crud/descriptor';
import { TerminalAgentBlock } from './TerminalAgentBlock';

/** The terminal drawer adds its agent (token, heartbeat) under basic info. */
const terminalUi: ResourceUiDescriptor = { sections: { basic: TerminalAgentBlock } };

export default terminalUi;
