import { useForm } from '@refinedev/antd';
import { useInvalidate, type BaseRecord } from '@refinedev/core';
import { Button, Col, Drawer, Form, Modal, Row, Space, Spin, Tabs, type FormInstance } from 'antd';
import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { SESSION_EXPIRING_EVENT } from '../../../providers/http';
import type { FormMode, ResourceSchema } from '../../../resources/types';
import { useFeedback } from '../FeedbackProvider';
import { ChildRowsSection } from './ChildRowsSection';
import type { ResourceUiDescriptor } from './descriptor';
import { FieldFormItem } from './fieldEditors';
import { keepDraft, takeDraft } from './formDrafts';
import { LinkTableSection } from './LinkTableSection';
import { useRevealOnce } from './RevealOnce';
import { formFieldsOf, sectionLabelKey, sectionsOf } from './schemaMapping';

interface ResourceFormProps {
  schema: ResourceSchema;
  ui: ResourceUiDescriptor;
  mode: FormMode;
  /** Row being edited or viewed; absent on create. */
  id?: string;
  /**
   * Values a new row starts from beyond the schema's defaults: the parent of a child added from its row, an item's
   * dictionary filled in by its screen.
   */
  initialValues?: Record<string, unknown>;
  onClose(): void;
}

const TITLE_KEYS: Record<FormMode, string> = { create: 'crud.add', edit: 'crud.edit', view: 'crud.view' };

function defaultValuesOf(schema: ResourceSchema): Record<string, unknown> {
  const values: Record<string, unknown> = Object.fromEntries(
    schema.fields.filter((f) => f.defaultValue !== undefined && !f.readOnly).map((f) => [f.name, f.defaultValue]),
  );
  for (const child of schema.children ?? []) values[child.name] = child.single ? {} : [];
  return values;
}

/**
 * A session that expires while the form is open loses nothing typed: the values are kept for this address, and
 * once the user has logged in again (and is sent back here) they fill the form again over the loaded row.
 */
function useDraftAcrossExpiry(resource: string, form: FormInstance, mode: FormMode, loading: boolean) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const { pathname, search } = useLocation();
  const address = `${pathname}${search}`;
  const restored = useRef(false);
  useEffect(() => {
    if (mode === 'view') return;
    const keep = () => keepDraft({ address, resource, values: form.getFieldsValue(true) as Record<string, unknown> });
    window.addEventListener(SESSION_EXPIRING_EVENT, keep);
    return () => window.removeEventListener(SESSION_EXPIRING_EVENT, keep);
  }, [address, resource, form, mode]);
  useEffect(() => {
    if (mode === 'view' || loading || restored.current) return;
    restored.current = true;
    const values = takeDraft(address, resource);
    if (!values) return;
    form.setFieldsValue(values);
    void message.info(t('crud.draftRestored'));
  }, [address, resource, form, mode, loading, message, t]);
}

const sameValue = (left: unknown, right: unknown) => left === right || JSON.stringify(left ?? null) === JSON.stringify(right ?? null);

/**
 * A record read again while its form is open (a screen following a run re-reads it every few seconds, a write
 * elsewhere invalidates it) refreshes what the user has not changed and never takes back what they typed or picked.
 * Refine's form resets every field to the record it reads; the fields that differed from the record shown before are
 * put back right after. They are taken in a layout effect, which runs before the reset (a passive effect of the same
 * commit), while the form still holds what the user has.
 */
function useEditsKeptAcrossRereads(form: FormInstance, record: Record<string, unknown> | undefined) {
  const shown = useRef(record);
  const edits = useRef<Record<string, unknown>>(undefined);
  useLayoutEffect(() => {
    const before = shown.current;
    shown.current = record;
    edits.current = undefined;
    if (!before || !record || before === record || String(before.id) !== String(record.id)) return;
    const values = form.getFieldsValue(true) as Record<string, unknown>;
    const changed = Object.keys(values).filter((name) => !sameValue(values[name], before[name]));
    if (changed.length > 0) edits.current = Object.fromEntries(changed.map((name) => [name, values[name]]));
  }, [form, record]);
  useEffect(() => {
    const kept = edits.current;
    edits.current = undefined;
    if (kept) form.setFieldsValue(kept);
  }, [form, record]);
}

/** A followed record that changed on the server (its last change included) changes the list rows behind the form too. */
function useListFollowsRecord(resource: string, record: Record<string, unknown> | undefined, follow: ResourceUiDescriptor['followRecord']) {
  const invalidate = useInvalidate();
  const shown = useRef(record);
  useEffect(() => {
    const before = shown.current;
    shown.current = record;
    if (!follow || !before || !record || before === record || (follow(before) === false && follow(record) === false)) return;
    void invalidate({ resource, invalidates: ['list'] });
  }, [resource, record, follow, invalidate]);
}

/**
 * Esc closes the form wherever the keyboard focus is. antd listens for it on the dialog's own box only, so while the
 * focus is still (or again) on the page behind, Esc did nothing: the sweep of every screen met a form that stayed open.
 * A key pressed inside a dialog or drawer is left to it (antd closes it there, a picker over the form closes itself).
 */
function useEscapeCloses(onClose: () => void) {
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      if (event.target instanceof Element && event.target.closest('.ant-modal-wrap, .ant-drawer, .ant-select-dropdown, .ant-picker-dropdown')) return;
      close.current();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
}

/**
 * Add, edit and view of one row in the container the schema asks for (modal or drawer), section by section: the
 * fields of each section, then its child rows, links and the screen's own section body. Mounted per opening, so
 * every opening starts clean; a failed save keeps the form open with what the user typed.
 */
export function ResourceForm({ schema, ui, mode, id, onClose, initialValues }: ResourceFormProps) {
  const { t } = useTranslation();
  const readOnly = mode === 'view';
  const reveal = useRevealOnce(schema);
  useEscapeCloses(onClose);
  const notifications = schema.notifications ?? {};
  const successKey = notifications.success ? `${schema.name}.notifications.success` : mode === 'create' ? 'crud.createSuccess' : 'crud.updateSuccess';
  const { formProps, saveButtonProps, formLoading, query } = useForm<BaseRecord>({
    resource: schema.name,
    // The view loads the row like edit does, and never submits.
    action: mode === 'create' ? 'create' : 'edit',
    id,
    redirect: false,
    warnWhenUnsavedChanges: false,
    successNotification: () => ({ message: t(successKey), type: 'success' }),
    // The http layer already shows the server's message, unless the screen keeps failures to the console.
    errorNotification: false,
    meta: notifications.quietFailure ? { silent: true } : undefined,
    queryOptions: ui.followRecord ? { refetchInterval: (query) => ui.followRecord!(query.state.data?.data) } : undefined,
    onMutationError: notifications.quietFailure ? (error) => console.error(`${schema.name}: save failed`, error) : undefined,
    onMutationSuccess: (answer) => {
      onClose();
      if (mode === 'create') reveal(answer.data as Record<string, unknown>);
    },
  });
  const form = formProps.form!;
  const record = query?.data?.data as Record<string, unknown> | undefined;
  useDraftAcrossExpiry(schema.name, form, mode, formLoading || (mode !== 'create' && !record));
  useEditsKeptAcrossRereads(form, record);
  useListFollowsRecord(schema.name, record, ui.followRecord);
  const sections = sectionsOf(schema, mode);
  const tabbed = schema.form.tabs === true;
  const titled = schema.sections !== undefined && !tabbed;
  const [activeTab, setActiveTab] = useState<string>();
  // A refused save shows the tab holding the first field in error (the others' fields stay mounted, so they validate).
  const showFirstError = ({ errorFields }: { errorFields: { name: (string | number)[] }[] }) => {
    const field = schema.fields.find((candidate) => candidate.name === errorFields[0]?.name[0]);
    if (tabbed && field) setActiveTab(field.section ?? sections[0]?.key);
  };

  const title = t(TITLE_KEYS[mode]);
  const footer = (
    <Space>
      <Button onClick={onClose}>{t(readOnly ? 'crud.close' : 'crud.cancel')}</Button>
      {!readOnly && (
        <Button type="primary" {...saveButtonProps}>
          {t('crud.ok')}
        </Button>
      )}
    </Space>
  );
  // A re-read of a record already shown (a screen following a run re-reads every few seconds) keeps the form usable:
  // a spinner over it would swallow a click or a keystroke made while the read is in flight.
  const rereading = record !== undefined && query?.isFetching === true;
  const body = (
    <Spin spinning={formLoading && !rereading}>
      <Form
        {...formProps}
        initialValues={mode === 'create' ? { ...defaultValuesOf(schema), ...initialValues } : formProps.initialValues}
        layout="horizontal"
        labelCol={{ flex: '110px' }}
        labelWrap
        className="crud-form"
        onFinishFailed={showFirstError}
      >
        {tabbedOrStacked(tabbed, activeTab ?? sections[0]?.key, setActiveTab, sections.map((section) => {
          const fields = formFieldsOf(schema, mode, section.key);
          const children = (schema.children ?? []).filter((child) => child.section === section.key && !child.hiddenOn?.includes(mode));
          const links = (schema.links ?? []).filter((link) => link.section === section.key && !link.hiddenOn?.includes(mode));
          const Extra = ui.sections?.[section.key];
          if (fields.length === 0 && children.length === 0 && links.length === 0 && !Extra) return null;
          const node = (
            <section key={section.key} className="crud-section" data-section={section.key}>
              {titled && <h4 className="crud-section-title">{t(sectionLabelKey(schema, section))}</h4>}
              {fields.length > 0 && (
                <Row gutter={16}>
                  {fields.map((field) => (
                    <Col key={field.name} xs={24} md={field.span ?? 12}>
                      <FieldFormItem schema={schema} field={field} fields={schema.fields} readOnly={readOnly || (mode === 'edit' && field.immutable === true)} record={record} form={form} />
                    </Col>
                  ))}
                </Row>
              )}
              {children.map((child) => (
                <ChildRowsSection key={child.name} schema={schema} child={child} mode={mode} form={form} titled={children.length > 1} />
              ))}
              {links.map((link) =>
                id !== undefined ? (
                  <LinkTableSection key={link.name} schema={schema} link={link} parentId={id} readOnly={readOnly} />
                ) : (
                  // A new record carries its picks in the submit body (`projectMembers: [{ userId }]`).
                  <Form.Item key={link.name} name={link.name} noStyle>
                    <LinkTableSection schema={schema} link={link} readOnly={readOnly} />
                  </Form.Item>
                ),
              )}
              {Extra && <Extra schema={schema} mode={mode} id={id} form={form} record={record} />}
            </section>
          );
          return { key: section.key, label: t(sectionLabelKey(schema, section)), node };
        }))}
      </Form>
    </Spin>
  );

  if (schema.form.mode === 'drawer') {
    return (
      <Drawer open title={title} width={schema.form.width ?? '60%'} onClose={onClose} footer={footer} destroyOnHidden className="crud-drawer">
        {body}
      </Drawer>
    );
  }
  return (
    <Modal open title={title} width={schema.form.width ?? 720} onCancel={onClose} footer={footer} destroyOnHidden maskClosable={false}>
      {body}
    </Modal>
  );
}

/** The form's sections one under the other, or as tabs whose panes all stay rendered (their fields validate). */
function tabbedOrStacked(
  tabbed: boolean,
  activeKey: string | undefined,
  onChange: (key: string) => void,
  sections: ({ key: string; label: string; node: ReactNode } | null)[],
): ReactNode {
  const shown = sections.filter((section) => section !== null);
  if (!tabbed) return shown.map((section) => section.node);
  return (
    <Tabs
      activeKey={activeKey}
      onChange={onChange}
      items={shown.map((section) => ({ key: section.key, label: section.label, children: section.node, forceRender: true }))}
    />
  );
}
