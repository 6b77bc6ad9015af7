import { Button, Form, type FormProps, Space } from 'antd';
import { SearchOutlined, ClearOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ResourceSchema } from '../../../resources/types';
import { SearchFieldControl } from './fieldRenderers';
import { fieldLabelKey, searchFieldsOf } from './schemaMapping';

interface ResourceSearchFormProps {
  schema: ResourceSchema;
  /** useResourceTable's searchFormProps: submitting turns the values into filters; the address's filters fill it. */
  formProps: FormProps;
}

/** The search bar above a list: one control per `search` field, 搜索 applies, 清空 clears and reloads. */
export function ResourceSearchForm({ schema, formProps }: ResourceSearchFormProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const fields = searchFieldsOf(schema);
  if (fields.length === 0) return null;

  const clear = () => {
    form.resetFields();
    form.submit();
  };

  return (
    <Form {...formProps} form={form} name="search" layout="inline" className="crud-search">
      {fields.map((field) => {
        const label = t(fieldLabelKey(schema, field));
        return (
          <Form.Item key={field.name} name={field.name} label={label}>
            <SearchFieldControl field={field} label={label} />
          </Form.Item>
        );
      })}
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
            {t('crud.search')}
          </Button>
          <Button onClick={clear} icon={<ClearOutlined />}>
            {t('crud.reset')}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
