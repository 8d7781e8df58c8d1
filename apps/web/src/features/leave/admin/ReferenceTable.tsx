import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { NOTICES } from '@hr/contracts/messages';
import {
  Button,
  Card,
  Flex,
  Form,
  type FormInstance,
  type FormRule,
  Modal,
  Space,
  Table,
  type TableColumnsType,
  Tooltip,
} from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { confirmDelete } from '../../../lib/confirm-delete';
import { applyServerErrors, zodRules } from '../../../lib/forms';
import { toastSuccess } from '../../../lib/notify';
import { type LeaveReference, useReferenceMutations } from './api';

interface Props<Row extends { id: number; name: string }, Values extends object> {
  path: LeaveReference;
  title: string;
  createLabel: string;
  rows: Row[] | undefined;
  loading: boolean;
  columns: TableColumnsType<Row>;
  schema: z.ZodType;
  emptyValues: Values;
  toValues: (row: Row) => Values;
  toBody: (values: Values) => object;
  fields: (rules: (field: string) => FormRule[], form: FormInstance<Values>) => ReactNode;
  extra?: ReactNode;
}

/** A short reference list with a create/edit form and the SPEC.md delete confirmation. */
export function ReferenceTable<Row extends { id: number; name: string }, Values extends object>(
  props: Props<Row, Values>,
) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [editing, setEditing] = useState<Row | null | undefined>(undefined);
  const { save, remove } = useReferenceMutations<object>(props.path);
  const rules = zodRules(props.schema);

  const open = (row: Row | null) => {
    setEditing(row);
    form.setFieldsValue(
      (row ? props.toValues(row) : props.emptyValues) as Parameters<typeof form.setFieldsValue>[0],
    );
  };

  const onDelete = async (row: Row) => {
    if (!(await confirmDelete(row.name))) return;
    remove.mutate(row.id, {
      onSuccess: () => toastSuccess(t('notices.deleted', { name: row.name, defaultValue: NOTICES.deleted })),
    });
  };

  const columns: TableColumnsType<Row> = [
    ...props.columns,
    {
      key: 'actions',
      title: t('common.actions'),
      align: 'end',
      render: (_, row) => (
        <Space>
          <Tooltip title={t('common.edit')}>
            <Button
              size="small"
              icon={<EditOutlined />}
              aria-label={`${t('common.edit')} ${row.name}`}
              onClick={() => open(row)}
            />
          </Tooltip>
          <Tooltip title={t('common.delete')}>
            <Button
              size="small"
              danger
              icon={<DeleteOutlined />}
              aria-label={`${t('common.delete')} ${row.name}`}
              onClick={() => void onDelete(row)}
            />
          </Tooltip>
        </Space>
      ),
    },
  ];

  return (
    <Card
      title={props.title}
      extra={
        <Flex gap={8} align="center">
          {props.extra}
          <Tooltip title={props.createLabel}>
            <Button
              type="primary"
              shape="circle"
              icon={<PlusOutlined />}
              aria-label={props.createLabel}
              onClick={() => open(null)}
            />
          </Tooltip>
        </Flex>
      }
    >
      <Table<Row>
        rowKey="id"
        columns={columns}
        dataSource={props.rows}
        loading={props.loading}
        pagination={false}
        scroll={{ x: 'max-content' }}
        size="middle"
      />
      <Modal
        open={editing !== undefined}
        title={editing ? `${t('common.edit')}: ${editing.name}` : props.createLabel}
        okText={t('common.save')}
        cancelText={t('common.cancel')}
        confirmLoading={save.isPending}
        onOk={() => form.submit()}
        onCancel={() => setEditing(undefined)}
        forceRender
      >
        <Form<Values>
          form={form}
          layout="vertical"
          onFinish={(values) =>
            save.mutate(
              { id: editing?.id, body: props.toBody(values) },
              {
                onSuccess: () => {
                  toastSuccess(
                    t(editing ? 'notices.updated' : 'notices.saved', {
                      defaultValue: editing ? NOTICES.updated : NOTICES.saved,
                    }),
                  );
                  setEditing(undefined);
                },
                onError: (error) => applyServerErrors(form, error),
              },
            )
          }
        >
          {props.fields(rules, form)}
        </Form>
      </Modal>
    </Card>
  );
}
