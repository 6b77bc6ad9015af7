import { Card, Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import FlowDiagram from '../../components/flow/FlowDiagram';
import '../../components/flow/messages';

/** `/flow/diagram?processInstanceId=` (or `?processDefinitionId=`): a process's diagram on a page of its own. */
export default function FlowDiagramPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const processInstanceId = search.get('processInstanceId') ?? undefined;
  const processDefinitionId = search.get('processDefinitionId') ?? undefined;
  return (
    <Card title={t('flow.diagram.title')}>
      {processInstanceId || processDefinitionId ? (
        <FlowDiagram processInstanceId={processInstanceId} processDefinitionId={processDefinitionId} height="calc(100vh - 260px)" />
      ) : (
        <Empty description={t('flow.diagram.missingId')} />
      )}
    </Card>
  );
}
