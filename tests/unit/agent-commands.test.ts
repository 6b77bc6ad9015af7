import { describe, expect, it } from 'vitest';
import { scriptLocation } from '../../agent/scriptLocation';
import { agentFetchCommand, agentOneLiner, agentRunCommand } from '../../resources/terminal/agentCommands';

describe('the agent finds the script the server hands it', () => {
  it('resolves the embedded store\'s server-relative URL against --server', () => {
    expect(scriptLocation('/oss/blade/000000/script/a.py?X-Amz-Signature=ab', 'http://127.0.0.1:8080')).toBe(
      'http://127.0.0.1:8080/oss/blade/000000/script/a.py?X-Amz-Signature=ab',
    );
    expect(scriptLocation('/oss/blade/x.py', 'https://tm.example.com/')).toBe('https://tm.example.com/oss/blade/x.py');
  });

  it('keeps an S3-compatible store\'s absolute URL', () => {
    expect(scriptLocation('https://obs.example.com/blade/x.py?sig=1', 'http://127.0.0.1:8080')).toBe('https://obs.example.com/blade/x.py?sig=1');
  });
});

describe('the bench commands', () => {
  it('fetch the agent without a token and pass the token in the environment, not on npm\'s command line', () => {
    expect(agentFetchCommand('http://h:8080')).toBe('curl -fsSO http://h:8080/agent/agent.mjs');
    const run = agentRunCommand('http://h:8080', 'TM-001', 'bta_x');
    expect(run).toBe('BLADE_AGENT_TOKEN=bta_x node agent.mjs --server http://h:8080 --terminal TM-001');
    expect(run).not.toContain('--token');
    expect(agentOneLiner('http://h:8080', 'TM-001', 'bta_x')).toBe(`${agentFetchCommand('http://h:8080')} && ${run}`);
  });
});
