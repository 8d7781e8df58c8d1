import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import {
  Button,
  Card,
  Descriptions,
  type DescriptionsProps,
  Empty,
  Space,
  Table,
  type TableColumnsType,
  Tooltip,
} from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { confirmDelete } from '../../../lib/confirm-delete';
import { reportError, toastSuccess } from '../../../lib/notify';
import { useSectionSave } from '../api';
import { type FieldDef, SectionForm, type Values } from './SectionForm';

/** Text for an empty value. */
export const dash = (value: ReactNode) =>
  value === null || value === undefined || value === '' ? '—' : value;

interface DetailsSectionProps {
  employeeId: number;
  title: string;
  /** The path after employees/{id} ('' for the main details). */
  path: string;
  items: DescriptionsProps['items'];
  canEdit: boolean;
  fields: FieldDef[];
  schema: z.ZodType;
  initial: Values | null;
  extra?: ReactNode;
  children?: ReactNode;
  column?: DescriptionsProps['column'];
}

/** A one-record section (general, address, family...): its fields as a description list and an edit form. */
export function DetailsSection({
  employeeId,
  title,
  path,
  items,
  canEdit,
  fields,
  schema,
  initial,
  extra,
  children,
  column = { xs: 1, sm: 2, xl: 3 },
}: DetailsSectionProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const save = useSectionSave(employeeId);
  return (
    <Card
      title={title}
      className="profile-section"
      role="region"
      aria-label={title}
      extra={
        <Space>
          {extra}
          {canEdit ? (
            <Button
              icon={<EditOutlined aria-hidden />}
              onClick={() => setOpen(true)}
              aria-label={t('profile.editSection', { section: title })}
            >
              <span className="profile-section__button-text">{t('common.edit')}</span>
            </Button>
          ) : null}
        </Space>
      }
    >
      <Descriptions size="small" column={column} items={items} />
      {children}
      {canEdit ? (
        <SectionForm
          open={open}
          title={t('profile.editSection', { section: title })}
          fields={fields}
          schema={schema}
          initial={initial}
          successText={t('notices.updated')}
          onSubmit={(body) =>
            save.mutateAsync({
              method: 'patch',
              path: `employees/${employeeId}${path ? `/${path}` : ''}`,
              body,
            })
          }
          onClose={() => setOpen(false)}
        />
      ) : null}
    </Card>
  );
}

interface ListSectionProps<T extends { id: number }> {
  employeeId: number;
  title: string;
  /** The path after employees/{id}, e.g. family/members. */
  path: string;
  items: T[];
  columns: TableColumnsType<T>;
  canEdit: boolean;
  fields: FieldDef[];
  schema: z.ZodType;
  /** What the delete question names the item by. */
  nameOf: (item: T) => string;
  toForm?: (item: T) => Values;
  emptyText: string;
  addLabel: string;
  /** Shown inside a card of its own (default) or bare, under another section. */
  bare?: boolean;
}

/** A list section (members, contacts, educations...): a table, an add/edit form and delete with a question. */
export function ListSection<T extends { id: number }>({
  employeeId,
  title,
  path,
  items,
  columns,
  canEdit,
  fields,
  schema,
  nameOf,
  toForm,
  emptyText,
  addLabel,
  bare = false,
}: ListSectionProps<T>) {
  const { t } = useTranslation();
  const save = useSectionSave(employeeId);
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  const base = `employees/${employeeId}/${path}`;

  const remove = async (item: T) => {
    const name = nameOf(item);
    if (!(await confirmDelete(name))) return;
    try {
      await save.mutateAsync({ method: 'delete', path: `${base}/${item.id}` });
      toastSuccess(t('notices.deleted', { name }));
    } catch (err) {
      reportError(err);
    }
  };

  const actions: TableColumnsType<T> = canEdit
    ? [
        {
          key: 'actions',
          title: t('common.actions'),
          width: 96,
          fixed: 'right',
          render: (_: unknown, item: T) => (
            <Space size={0}>
              <Tooltip title={t('common.edit')}>
                <Button
                  type="text"
                  icon={<EditOutlined aria-hidden />}
                  aria-label={`${t('common.edit')} ${nameOf(item)}`}
                  onClick={() => setEditing(item)}
                />
              </Tooltip>
              <Tooltip title={t('common.delete')}>
                <Button
                  type="text"
                  danger
                  icon={<DeleteOutlined aria-hidden />}
                  aria-label={`${t('common.delete')} ${nameOf(item)}`}
                  onClick={() => void remove(item)}
                />
              </Tooltip>
            </Space>
          ),
        },
      ]
    : [];

  const add = canEdit ? (
    <Button type="primary" ghost icon={<PlusOutlined aria-hidden />} onClick={() => setEditing('new')}>
      {addLabel}
    </Button>
  ) : null;

  const table = (
    <Table<T>
      rowKey="id"
      size="small"
      columns={[...columns, ...actions]}
      dataSource={items}
      pagination={items.length > 10 ? { pageSize: 10, hideOnSinglePage: true } : false}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} /> }}
    />
  );

  const form = canEdit ? (
    <SectionForm
      open={editing !== null}
      title={editing === 'new' ? addLabel : t('profile.editSection', { section: title })}
      fields={fields}
      schema={schema}
      initial={
        editing && editing !== 'new' ? (toForm ? toForm(editing) : (editing as unknown as Values)) : null
      }
      successText={editing === 'new' ? t('notices.saved') : t('notices.updated')}
      onSubmit={(body) =>
        editing === 'new'
          ? save.mutateAsync({ method: 'post', path: base, body })
          : save.mutateAsync({ method: 'patch', path: `${base}/${(editing as T).id}`, body })
      }
      onClose={() => setEditing(null)}
    />
  ) : null;

  if (bare) {
    return (
      <section className="profile-subsection" aria-label={title}>
        <div className="profile-subsection__head">
          <h4>{title}</h4>
          {add}
        </div>
        {table}
        {form}
      </section>
    );
  }
  return (
    <Card title={title} className="profile-section" extra={add} role="region" aria-label={title}>
      {table}
      {form}
    </Card>
  );
}
