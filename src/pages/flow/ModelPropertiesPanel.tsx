import { useList } from '@refinedev/core';
import { Card, Form, Input, Select, Typography, type FormInstance } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BladeMeta } from '../../../providers/data';
import type { ProcessModeler, SelectedElement } from '../../components/flow/modeler/createModeler';
import { APPLY_USER, PROCESS_KEY, type UserTaskPeople } from '../../components/flow/modeler/modelProperties';
import '../../components/flow/modeler/messages';

export interface ProcessValues {
  processKey: string;
  processName: string;
  description?: string;
}

const SELECT_META: BladeMeta = { endpoints: { list: 'select' } };
const ELEMENT_ID = /^[A-Za-z_][\w.-]*$/;

/** The tenant's users and roles as picker options: users by id, roles by alias (the same in every tenant it is deployed to). */
function usePeopleChoices() {
  const users = useList<{ id: string; realName?: string; account?: string }>({ resource: 'user', pagination: { mode: 'off' }, meta: SELECT_META, errorNotification: false });
  const roles = useList<{ id: string; roleName?: string; roleAlias?: string }>({ resource: 'role', pagination: { mode: 'off' }, meta: SELECT_META, errorNotification: false });
  return useMemo(
    () => ({
      users: users.result.data.map((user) => ({ value: String(user.id), label: `${user.realName || user.account} (${user.account})` })),
      roles: roles.result.data.map((role) => ({ value: role.roleAlias || String(role.id), label: role.roleName ?? String(role.id) })),
    }),
    [users.result.data, roles.result.data],
  );
}

/** The selected element's own fields: id and name, a user task's people, a flow's condition. */
function ElementFields({ element, modeler }: { element: SelectedElement; modeler: ProcessModeler }) {
  const { t } = useTranslation();
  const { users, roles } = usePeopleChoices();
  const [idTaken, setIdTaken] = useState(false);
  const people = element.people;
  const setPeople = (change: Partial<UserTaskPeople>) => people && modeler.setPeople(element.id, { ...people, ...change });
  const assigneeOptions = [{ value: APPLY_USER, label: t('flow.modeler.applyUser') }, ...users];

  return (
    <Form layout="vertical" size="small" key={element.id} className="flow-modeler-element">
      <Form.Item label={t('flow.modeler.elementType')}>
        <Typography.Text code>{element.type.replace(/^bpmn:/, '')}</Typography.Text>
      </Form.Item>
      <Form.Item label={t('flow.modeler.elementId')} validateStatus={idTaken ? 'error' : undefined} help={idTaken ? t('flow.modeler.elementIdTaken') : undefined}>
        <Input
          defaultValue={element.id}
          data-field="elementId"
          onBlur={(event) => {
            const next = event.target.value.trim();
            if (!ELEMENT_ID.test(next)) return setIdTaken(false);
            setIdTaken(!modeler.changeId(element.id, next));
          }}
        />
      </Form.Item>
      <Form.Item label={t('flow.modeler.elementName')}>
        <Input defaultValue={element.name} data-field="elementName" onBlur={(event) => modeler.rename(element.id, event.target.value.trim())} />
      </Form.Item>
      {people ? (
        <>
          <Form.Item label={t('flow.modeler.assignee')}>
            <Select
              allowClear
              showSearch
              optionFilterProp="label"
              data-field="assignee"
              value={people.assignee}
              options={people.assignee && !assigneeOptions.some((option) => option.value === people.assignee) ? [...assigneeOptions, { value: people.assignee, label: people.assignee }] : assigneeOptions}
              placeholder={t('flow.modeler.pickUser')}
              onChange={(assignee?: string) => setPeople({ assignee })}
            />
          </Form.Item>
          <Form.Item label={t('flow.modeler.candidateUsers')}>
            <Select
              mode="multiple"
              optionFilterProp="label"
              data-field="candidateUsers"
              value={people.candidateUsers}
              options={users}
              placeholder={t('flow.modeler.pickUser')}
              onChange={(candidateUsers: string[]) => setPeople({ candidateUsers })}
            />
          </Form.Item>
          <Form.Item label={t('flow.modeler.candidateGroups')}>
            <Select
              mode="multiple"
              optionFilterProp="label"
              data-field="candidateGroups"
              value={people.candidateGroups}
              options={roles}
              placeholder={t('flow.modeler.pickRole')}
              onChange={(candidateGroups: string[]) => setPeople({ candidateGroups })}
            />
          </Form.Item>
        </>
      ) : null}
      {element.condition !== undefined && (element.leavesGateway || element.condition !== '') ? (
        <Form.Item label={t('flow.modeler.condition')} extra={t('flow.modeler.conditionHelp')}>
          <Input defaultValue={element.condition} data-field="condition" placeholder="${pass}" onBlur={(event) => modeler.setCondition(element.id, event.target.value)} />
        </Form.Item>
      ) : null}
    </Form>
  );
}

/**
 * The modeler's properties panel (our own, in antd): the process's key, name and description, always; below, the
 * selected element's fields. People are picked from the tenant's users and roles, never typed as ids.
 */
export function ModelPropertiesPanel({ form, selected, modeler }: { form: FormInstance<ProcessValues>; selected?: SelectedElement; modeler?: ProcessModeler }) {
  const { t } = useTranslation();
  const element = selected && selected.type !== 'bpmn:Process' ? selected : undefined;
  return (
    <aside className="flow-modeler-panel" data-testid="modeler-panel">
      <Card size="small" variant="borderless" title={t('flow.modeler.processPanel')}>
        <Form<ProcessValues> form={form} layout="vertical" size="small" className="flow-modeler-process">
          <Form.Item
            name="processKey"
            label={t('flow.modeler.processKey')}
            rules={[
              { required: true, whitespace: true, message: t('flow.modeler.processKeyRequired') },
              { pattern: PROCESS_KEY, message: t('flow.modeler.processKeyInvalid') },
            ]}
          >
            <Input />
          </Form.Item>
          <Form.Item name="processName" label={t('flow.modeler.processName')} rules={[{ required: true, whitespace: true, message: t('flow.modeler.processNameRequired') }]}>
            <Input />
          </Form.Item>
          <Form.Item name="description" label={t('flow.modeler.description')}>
            <Input.TextArea rows={2} maxLength={2000} />
          </Form.Item>
        </Form>
      </Card>
      {element && modeler ? (
        <Card size="small" variant="borderless" title={t('flow.modeler.elementPanel')}>
          <ElementFields key={`${element.id}|${element.name}|${element.condition ?? ""}`} element={element} modeler={modeler} />
        </Card>
      ) : null}
    </aside>
  );
}
