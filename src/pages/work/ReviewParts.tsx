import { Card, Descriptions, Empty, Space, Spin, Tag } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { SectionProps } from '../../components/crud/descriptor';
import { FieldCell } from '../../components/crud/fieldRenderers';
import { fieldLabelKey, formFieldsOf } from '../../components/crud/schemaMapping';
import { useRegistry } from '../../registry';
import { FlowHistoryCard } from './LeaveParts';
import { useReviewsOf, type ReviewedResource, type ReviewFlow } from './reviewApi';
import './reviewMessages';

// bpmn-js comes only with a diagram shown: a case list without an open review never loads it.
const FlowDiagram = lazy(() => import('../../components/flow/FlowDiagram'));

/** A review's state: where it waits, or ended. */
export function ReviewStateTag({ flow }: { flow?: ReviewFlow }) {
  const { t } = useTranslation();
  if (!flow) return null;
  if (flow.status === 'finished') return <Tag color="success">{t('work.finished')}</Tag>;
  return <Tag color="processing">{flow.taskName ? `${t('work.unfinished')} · ${flow.taskName}` : t('work.unfinished')}</Tag>;
}

/** The case or script under review, read-only, as its screen's view shows it. */
export function ReviewItemCard({ resource, record, flow, loading }: { resource?: ReviewedResource; record?: Record<string, unknown>; flow?: ReviewFlow; loading: boolean }) {
  const { t } = useTranslation();
  const registry = useRegistry();
  const schema = resource ? registry.schemaByName(resource) : undefined;
  const fields = schema ? formFieldsOf(schema, 'view') : [];
  return (
    <Card variant="borderless" title={resource ? `${t('work.review.item')} · ${t(`work.review.${resource}`)}` : t('work.review.item')} loading={loading} className="review-item">
      {schema && record && (
        <Descriptions column={2} bordered size="small">
          {fields.map((field) => (
            <Descriptions.Item key={field.name} label={t(fieldLabelKey(schema, field))} span={field.span === 24 ? 2 : 1}>
              <FieldCell field={field} value={record[field.name]} record={record} />
            </Descriptions.Item>
          ))}
          <Descriptions.Item label={t('work.review.state')} span={2}>
            <ReviewStateTag flow={flow} />
          </Descriptions.Item>
        </Descriptions>
      )}
    </Card>
  );
}

/** The review's diagram, painted with its path. */
export function ReviewDiagramCard({ processInstanceId, height = 320 }: { processInstanceId?: string; height?: number }) {
  const { t } = useTranslation();
  return (
    <Card variant="borderless" title={t('work.review.diagram')} className="review-diagram">
      {processInstanceId && (
        <Suspense fallback={<Spin />}>
          <FlowDiagram processInstanceId={processInstanceId} height={height} />
        </Suspense>
      )}
    </Card>
  );
}

/** The case and script drawers' review section: the latest review's state, history and diagram. */
export function ReviewSection({ schema, id, mode }: SectionProps) {
  const { t } = useTranslation();
  const reviews = useReviewsOf(schema.name as ReviewedResource, mode === 'create' ? undefined : id);
  const latest = reviews.data?.data?.[0];
  if (mode === 'create') return null;
  if (!latest) return reviews.isLoading ? <Spin /> : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('work.review.none')} />;
  return (
    <Space direction="vertical" size="small" style={{ width: '100%' }} className="review-section">
      <div>
        {latest.startTime} <ReviewStateTag flow={latest} />
      </div>
      <FlowHistoryCard processInstanceId={latest.processInstanceId} />
      <ReviewDiagramCard processInstanceId={latest.processInstanceId} />
    </Space>
  );
}
