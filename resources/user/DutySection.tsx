import { Col, Form, Row, Select, TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SectionProps } from '../../src/components/crud/descriptor';
import { withComboboxAria } from '../../src/components/crud/comboboxAria';
import { fieldLabelKey } from '../../src/components/crud/schemaMapping';
import { idsOf, joinIds, useDeptTree, usePostChoices, useRoleChoices } from './userApi';

// The required roles and departments tell a screen reader so on their combobox input.
const RequiredSelect = withComboboxAria(Select);
const RequiredTreeSelect = withComboboxAria(TreeSelect);

const fieldOf = (schema: SectionProps['schema'], name: string) => schema.fields.find((field) => field.name === name)!;

/**
 * Roles (several, from `role/select`), departments (several, from the dept tree) and posts (several, from
 * `post/select`) of a user. The form keeps BladeX's comma-joined ids; the selects show names.
 */
export function DutySection({ schema, mode, record }: SectionProps) {
  const { t } = useTranslation();
  const roles = useRoleChoices();
  const posts = usePostChoices();
  const depts = useDeptTree();
  const readOnly = mode === 'view';
  const label = (name: string) => t(fieldLabelKey(schema, fieldOf(schema, name)));
  const idsProps = { getValueProps: (value: unknown) => ({ value: idsOf(value) }), normalize: joinIds };
  if (readOnly) {
    return (
      <Row gutter={16}>
        {(['roleName', 'deptName', 'postName'] as const).map((name) => (
          <Col key={name} xs={24} md={12}>
            <Form.Item label={label(name)}>
              <span className="crud-readonly-value" data-field={name}>{String(record?.[name] ?? '')}</span>
            </Form.Item>
          </Col>
        ))}
      </Row>
    );
  }
  return (
    <Row gutter={16}>
      <Col xs={24} md={12}>
        <Form.Item name="roleId" label={label('roleId')} rules={[{ required: true, message: t('user.duty.rolesRequired') }]} {...idsProps}>
          <RequiredSelect mode="multiple" options={roles} optionFilterProp="label" placeholder={t('crud.selectPlaceholder', { label: label('roleId') })} data-field="roleId" />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="deptId" label={label('deptId')} rules={[{ required: true, message: fieldOf(schema, 'deptId').required }]} {...idsProps}>
          <RequiredTreeSelect
            multiple
            treeData={depts as never}
            fieldNames={{ label: 'title', value: 'id', children: 'children' }}
            treeDefaultExpandAll
            treeNodeFilterProp="title"
            placeholder={t('crud.selectPlaceholder', { label: label('deptId') })}
            data-field="deptId"
          />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="postId" label={label('postId')} {...idsProps}>
          <Select mode="multiple" options={posts} optionFilterProp="label" placeholder={t('crud.selectPlaceholder', { label: label('postId') })} data-field="postId" />
        </Form.Item>
      </Col>
    </Row>
  );
}
