import { useCustom } from '@refinedev/core';
import { Alert, App, Button, Card, Form, Space, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { hasPermission } from '../../../providers/access';
import { useResourceCall } from '../../components/crud/useResourceCall';
import type { ProcessModeler, SelectedElement } from '../../components/flow/modeler/createModeler';
import '../../components/flow/modeler/messages';
import { newModelXml } from '../../components/flow/modeler/modelProperties';
import { elementNamedIn, modelProblems } from '../../components/flow/modeler/modelRules';
import { DeployModelDialog } from './DeployModelDialog';
import { ModelPropertiesPanel, type ProcessValues } from './ModelPropertiesPanel';
import { MODEL_API, MODEL_LIST_PATH, modelDesignPath } from './modelPaths';
import './flowModeler.css';

interface ModelDetail {
  id: string;
  modelKey: string;
  name: string;
  description: string;
  xml: string;
}

/**
 * 模型设计's modeler (`/flow/model/design` for a new model, `/flow/model/design/:id` for a saved one): bpmn-js on the
 * canvas (its own chunk, fetched on this route only), our properties panel on the right, 保存/部署/返回 above. Before
 * a save the drawing is checked here and the element at fault selected; a refusal of the server (naming an element)
 * selects it too, and what was drawn stays on the canvas either way.
 */
export default function FlowModelDesignPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { id } = useParams();
  const container = useRef<HTMLDivElement>(null);
  const [processForm] = Form.useForm<ProcessValues>();
  const [modeler, setModeler] = useState<ProcessModeler>();
  const [selected, setSelected] = useState<SelectedElement>();
  const [problem, setProblem] = useState<string>();
  const [failed, setFailed] = useState(false);
  const [deploying, setDeploying] = useState<string>();
  const [newKey] = useState(() => `process_${Date.now().toString(36)}`);
  // The diagram drawn from, fixed once known: saving a new model moves to its address without drawing it again.
  const [source, setSource] = useState<{ xml: string; values: ProcessValues }>();
  const { call, pending } = useResourceCall();
  const detail = useCustom<ModelDetail>({
    url: `${MODEL_API}/detail`,
    method: 'get',
    config: { query: { id } },
    errorNotification: false,
    queryOptions: { enabled: Boolean(id) && !source, retry: false },
  });
  const model = detail.query.data?.data;
  if (!source && (!id || model)) {
    const values = model ? { processKey: model.modelKey, processName: model.name, description: model.description } : { processKey: newKey, processName: '' };
    setSource({ xml: model?.xml || newModelXml(values.processKey, values.processName, t('flow.modeler.start')), values });
  }

  // Drawing is outside React: the modeler owns the container's SVG while the page is shown.
  useEffect(() => {
    const target = container.current;
    if (!source || !target) return;
    processForm.setFieldsValue(source.values);
    let cancelled = false;
    let created: ProcessModeler | undefined;
    void import('../../components/flow/modeler/createModeler')
      .then(({ createModeler }) => createModeler(target, source.xml, setSelected))
      .then(
        (made) => {
          if (cancelled) return made.destroy();
          created = made;
          setModeler(made);
          setSelected(made.selected());
        },
        () => !cancelled && setFailed(true),
      );
    return () => {
      cancelled = true;
      created?.destroy();
    };
  }, [source, processForm]);

  const showProblem = (text: string, elementId?: string) => {
    setProblem(text);
    if (elementId) modeler?.select(elementId);
  };

  /** Checks and saves the drawing; answers the model's id once saved. */
  const save = async (): Promise<string | undefined> => {
    if (!modeler) return undefined;
    const values = await processForm.validateFields().catch(() => undefined);
    if (!values) return undefined;
    modeler.setProcess(values.processKey.trim(), values.processName.trim());
    const [first] = modelProblems(modeler.drawnElements());
    if (first) {
      const text = t(`flow.modeler.problem.${first.kind}`, { element: first.elementLabel });
      void message.error(text);
      showProblem(text, first.elementId);
      return undefined;
    }
    setProblem(undefined);
    const xml = await modeler.saveXML();
    try {
      const saved = await call<{ id: string }>({
        url: `${MODEL_API}/submit`,
        body: { id, modelKey: values.processKey.trim(), name: values.processName.trim(), description: values.description ?? '', xml },
        invalidates: [],
      });
      void message.success(t('flow.modeler.saved'));
      if (!id) void navigate(modelDesignPath(saved.id), { replace: true });
      return saved.id;
    } catch (error) {
      // The http layer showed the server's message; point at the element it names.
      const text = error instanceof Error ? error.message : String(error);
      showProblem(text, elementNamedIn(text, modeler.drawnElements().map((element) => element.id)));
      return undefined;
    }
  };

  const canSave = hasPermission(id ? 'flow_model_edit' : 'flow_model_add');
  return (
    <Card
      className="flow-modeler"
      title={source?.values.processName || t(id ? 'flow.modeler.title' : 'flow.modeler.newTitle')}
      extra={
        <Space>
          {canSave ? (
            <Button type="primary" loading={pending} disabled={!modeler} onClick={() => void save()}>
              {t('flow.modeler.save')}
            </Button>
          ) : null}
          {canSave && hasPermission('flow_model_deploy') ? (
            <Button
              disabled={!modeler || pending}
              onClick={() =>
                void save().then((savedId) => {
                  if (savedId) setDeploying(savedId);
                })
              }
            >
              {t('flow.model.deploy')}
            </Button>
          ) : null}
          <Button onClick={() => void navigate(MODEL_LIST_PATH)}>{t('flow.modeler.back')}</Button>
        </Space>
      }
    >
      {failed || detail.query.isError ? <Alert type="error" showIcon message={t('flow.modeler.failed')} /> : null}
      {problem ? <Alert className="flow-modeler-problem" type="error" showIcon closable message={problem} onClose={() => setProblem(undefined)} /> : null}
      <div className="flow-modeler-body">
        <Spin spinning={!modeler && !failed} wrapperClassName="flow-modeler-canvas-wrap">
          <div ref={container} className="flow-modeler-canvas" data-testid="modeler-canvas" data-ready={modeler ? 'true' : 'false'} />
        </Spin>
        <ModelPropertiesPanel form={processForm} selected={selected} modeler={modeler} />
      </div>
      <DeployModelDialog modelId={deploying} onClose={() => setDeploying(undefined)} />
    </Card>
  );
}
