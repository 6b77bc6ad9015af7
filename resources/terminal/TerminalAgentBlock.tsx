import { KeyOutlined, StopOutlined } from '@ant-design/icons';
import { App, Alert, Button, Descriptions, Space, Spin, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hasPermission } from '../../providers/access';
import type { SectionProps } from '../../src/components/crud/descriptor';
import { useResourceCall } from '../../src/components/crud/useResourceCall';
import { runCalls, useTerminalAgent, type AgentTokenIssued } from '../task/runApi';
import { operationCode } from '../types';
import { agentFetchCommand, agentRunCommand } from './agentCommands';
import '../task/taskRun.css';


/**
 * The terminal's agent under basic info: whether a token is issued, when it was last used, the last heartbeat; on
 * edit, issue a token (shown once, with the command that starts the agent) or revoke it.
 */
export function TerminalAgentBlock({ schema, mode, id }: SectionProps) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const [issued, setIssued] = useState<AgentTokenIssued>();
  const { call, pending: busy } = useResourceCall();
  // The issue and revoke calls re-read the terminal's views, this block included.
  const { result: agent, query } = useTerminalAgent(mode === 'create' ? undefined : id);
  if (mode === 'create' || id === undefined) return null;
  const editable = mode === 'edit' && hasPermission(operationCode(schema, 'edit'));

  const run = async (work: () => Promise<void>) => {
    try {
      await work();
    } catch {
      // The http layer showed the server's message.
    }
  };
  const issue = () =>
    run(async () => {
      setIssued(await call<AgentTokenIssued>(runCalls.issueToken(id)));
      void message.success(t('terminal.agent.issued'));
    });
  const revoke = () =>
    run(async () => {
      await call(runCalls.revokeToken(id));
      setIssued(undefined);
      void message.success(t('terminal.agent.revoked'));
    });
  const confirm = (content: string, onOk: () => Promise<void>) =>
    modal.confirm({ title: t('crud.confirmTitle'), content, okText: t('crud.ok'), cancelText: t('crud.cancel'), onOk });

  const never = t('terminal.agent.never');
  // The buttons depend on whether a token exists: nothing to press before that is known.
  if (!agent) {
    return (
      <div className="agent-block">
        <h4 className="crud-section-title">{t('terminal.agent.title')}</h4>
        <Spin spinning={query.isFetching} />
      </div>
    );
  }
  return (
    <div className="agent-block" data-testid="agent-block">
      <h4 className="crud-section-title">{t('terminal.agent.title')}</h4>
      <Descriptions size="small" column={{ xs: 1, md: 2, xl: 4 }} bordered>
        <Descriptions.Item label={t('terminal.agent.token')}>
          {agent.hasToken ? <Tag color="green">{t('terminal.agent.hasToken')}</Tag> : <Tag>{t('terminal.agent.noToken')}</Tag>}
        </Descriptions.Item>
        <Descriptions.Item label={t('terminal.agent.tokenCreated')}>{agent.tokenCreateTime || '-'}</Descriptions.Item>
        <Descriptions.Item label={t('terminal.agent.tokenLastUsed')}>{agent.tokenLastUsed || never}</Descriptions.Item>
        <Descriptions.Item label={t('terminal.agent.lastHeartbeat')}>{agent.lastHeartbeat || never}</Descriptions.Item>
      </Descriptions>
      {editable && (
        <Space style={{ marginTop: 12 }}>
          <Button
            icon={<KeyOutlined />}
            loading={busy}
            onClick={() => (agent.hasToken ? confirm(t('terminal.agent.confirmReissue'), issue) : void issue())}
          >
            {t(agent.hasToken ? 'terminal.agent.reissue' : 'terminal.agent.issue')}
          </Button>
          <Button danger icon={<StopOutlined />} disabled={!agent.hasToken} loading={busy} onClick={() => confirm(t('terminal.agent.confirmRevoke'), revoke)}>
            {t('terminal.agent.revoke')}
          </Button>
        </Space>
      )}
      <div className="agent-block__bench" data-testid="agent-bench">
        <Typography.Paragraph type="secondary">{t('terminal.agent.bench')}</Typography.Paragraph>
        <Typography.Paragraph>
          {t('terminal.agent.fetchStep')}:{' '}
          <Typography.Text code copyable data-testid="agent-fetch-command">
            {agentFetchCommand(window.location.origin)}
          </Typography.Text>
        </Typography.Paragraph>
        {!issued && (
          <Typography.Paragraph>
            {t('terminal.agent.runStep')}:{' '}
            <Typography.Text code copyable>
              {agentRunCommand(window.location.origin, agent.terminalCode, t('terminal.agent.tokenPlaceholder'))}
            </Typography.Text>
          </Typography.Paragraph>
        )}
      </div>
      {issued && (
        <Alert
          className="agent-block__secret"
          type="warning"
          showIcon
          message={t('terminal.agent.shownOnce')}
          description={
            <>
              <Typography.Paragraph>
                {t('terminal.agent.token')}:{' '}
                <Typography.Text code copyable data-testid="agent-token">
                  {issued.token}
                </Typography.Text>
              </Typography.Paragraph>
              <Typography.Paragraph>
                {t('terminal.agent.runStep')}:{' '}
                <Typography.Text code copyable data-testid="agent-command">
                  {agentRunCommand(window.location.origin, issued.terminalCode, issued.token)}
                </Typography.Text>
              </Typography.Paragraph>
            </>
          }
        />
      )}
    </div>
  );
}
