import { useCustom } from '@refinedev/core';
import { Alert, Space, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FLOW_COLORS, MODEL_VIEW_URL, type FlowModelView } from './flowHistory';
import './flowDiagram.css';
import './messages';

export interface FlowDiagramProps {
  /** The instance whose path is painted; without it, the definition's bare diagram. */
  processInstanceId?: string;
  processDefinitionId?: string;
  height?: number | string;
}

const LEGEND = ['finished', 'active', 'pending', 'taken'] as const;

/**
 * A process's diagram (bpmn-js NavigatedViewer) read from `process/model-view` by instance or definition: for an
 * instance, finished nodes, the active ones and those not reached are painted apart and the taken flows highlighted,
 * with a legend. bpmn-js itself is a chunk of its own, loaded with the first diagram shown.
 */
export default function FlowDiagram({ processInstanceId, processDefinitionId, height = 480 }: FlowDiagramProps) {
  const { t } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  const [drawn, setDrawn] = useState<{ xml: string; ok: boolean }>();
  const { query } = useCustom<FlowModelView>({
    url: MODEL_VIEW_URL,
    method: 'get',
    config: { query: processInstanceId ? { processInstanceId } : { processDefinitionId } },
    queryOptions: { enabled: Boolean(processInstanceId || processDefinitionId), retry: false },
    errorNotification: false,
  });
  const view = query.data?.data;

  // Drawing is outside React: the viewer owns the container's SVG while the view is shown.
  useEffect(() => {
    const target = container.current;
    if (!view || !target) return;
    let cancelled = false;
    let destroy: (() => void) | undefined;
    void import('./paintDiagram')
      .then(({ paintDiagram }) => paintDiagram(target, view.xml, view.flow, Boolean(processInstanceId)))
      .then(
        (diagram) => {
          if (cancelled) diagram.destroy();
          else {
            destroy = diagram.destroy;
            setDrawn({ xml: view.xml, ok: true });
          }
        },
        () => {
          if (!cancelled) setDrawn({ xml: view.xml, ok: false });
        },
      );
    return () => {
      cancelled = true;
      destroy?.();
    };
  }, [view, processInstanceId]);

  const failed = query.isError || (drawn && drawn.xml === view?.xml && !drawn.ok);
  const drawing = query.isFetching || (view && drawn?.xml !== view.xml);
  return (
    <div className="flow-diagram" data-testid="flow-diagram" data-drawn={drawn?.ok && drawn.xml === view?.xml ? 'true' : 'false'}>
      {failed ? <Alert type="error" showIcon message={t('flow.diagram.failed')} /> : null}
      <Spin spinning={Boolean(drawing) && !failed}>
        <div ref={container} className="flow-diagram-canvas" style={{ height }} />
      </Spin>
      <Space className="flow-diagram-legend" size="large" wrap>
        {LEGEND.map((mark) => (
          <span key={mark} className={`flow-legend-item flow-legend-${mark}`}>
            <span
              className={mark === 'taken' ? 'flow-legend-line' : 'flow-legend-box'}
              style={{ borderColor: FLOW_COLORS[mark].stroke, background: mark === 'taken' ? FLOW_COLORS[mark].stroke : FLOW_COLORS[mark].fill }}
            />
            {t(`flow.diagram.legend.${mark}`)}
          </span>
        ))}
      </Space>
    </div>
  );
}
