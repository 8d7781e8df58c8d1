import { CheckOutlined, CloseOutlined, DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { NameTranslations } from '@hr/contracts/translations';
import {
  Button,
  Drawer,
  Empty,
  Flex,
  Form,
  Input,
  type InputRef,
  Skeleton,
  Space,
  Table,
  type TableColumnsType,
  Tooltip,
  Typography,
} from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { adminRules, applyAdminErrors } from '../../lib/admin-forms';
import { confirmDelete } from '../../lib/confirm-delete';
import { isRtl } from '../../lib/i18n';
import { reportError, toastSuccess } from '../../lib/notify';
import { NameTranslationsFields, saveNames } from './NameTranslationsFields';

/** A name and its names in the other languages, as the drawer's forms edit them. */
export interface ItemNames {
  name: string;
  name_translations?: NameTranslations;
}

export interface NamedItem {
  id: number;
  name: string;
  name_translations?: NameTranslations | null;
}

export interface NamedItemsDrawerProps<Item extends NamedItem> {
  open: boolean;
  onClose: () => void;
  /** The drawer's title, and the table's name for screen readers. */
  title: string;
  /** A line under the title: what the items are for. */
  intro: string;
  /** The items; undefined while the parent is read for the first time. */
  items: Item[] | undefined;
  loading?: boolean;
  /** The form's name (for its fields' ids). */
  formName: string;
  /** The contract's schema of a new item (its `name` rule checks the forms). */
  schema: z.ZodType;
  maxLength: number;
  texts: {
    /** The column of names, and the label of a renamed item's field. */
    name: string;
    /** The label of the new item's field. */
    newName: string;
    placeholder?: string;
    add: string;
    empty: string;
  };
  /** Columns between the name and the row's buttons (a count, an on/off switch). */
  columns?: TableColumnsType<Item>;
  /** Items shown dimmed (not offered any more). */
  dimmed?: (item: Item) => boolean;
  add: (names: Required<ItemNames>) => Promise<unknown>;
  rename: (item: Item, names: Partial<ItemNames>) => Promise<unknown>;
  remove: (item: Item) => Promise<unknown>;
  adding?: boolean;
  renaming?: boolean;
}

/**
 * The named items of one record, in a drawer beside its administration list
 * (an exam's subjects, an EPR value's behaviours): add one by name and its
 * names in the other languages, rename one in its row, delete one after the
 * usual question. Each change is saved at once and said so.
 */
export function NamedItemsDrawer<Item extends NamedItem>(props: NamedItemsDrawerProps<Item>) {
  const { t, i18n } = useTranslation();
  const [adding] = Form.useForm<ItemNames>();
  const [renaming] = Form.useForm<ItemNames>();
  const [editing, setEditing] = useState<number | null>(null);
  const input = useRef<InputRef>(null);
  const rules = adminRules(props.schema);

  const create = async ({ name }: ItemNames) => {
    try {
      await props.add({ name, name_translations: adding.getFieldValue('name_translations') ?? {} });
      toastSuccess(t('notices.saved'));
      adding.resetFields();
      input.current?.focus();
    } catch (error) {
      applyAdminErrors(adding, error);
    }
  };

  const rename = async (item: Item) => {
    if (!(await saveNames(renaming, (body) => props.rename(item, body)))) return;
    toastSuccess(t('notices.updated'));
    setEditing(null);
  };

  const askDelete = async (item: Item) => {
    if (!(await confirmDelete(item.name))) return;
    try {
      await props.remove(item);
      toastSuccess(t('notices.deleted', { name: item.name }));
    } catch (error) {
      reportError(error);
    }
  };

  const columns: TableColumnsType<Item> = [
    {
      key: 'name',
      title: props.texts.name,
      render: (_, item) =>
        editing === item.id ? (
          <Form
            form={renaming}
            name={`rename-${props.formName}`}
            onFinish={() => rename(item)}
            component="div"
          >
            <Flex vertical gap={8}>
              <Flex gap={4} align="start">
                <Form.Item name="name" rules={rules('name')} style={{ flex: 1, margin: 0 }}>
                  <Input
                    maxLength={props.maxLength}
                    aria-label={props.texts.name}
                    autoFocus
                    onPressEnter={() => rename(item)}
                  />
                </Form.Item>
                <Tooltip title={t('common.save')}>
                  <Button
                    type="primary"
                    icon={<CheckOutlined aria-hidden />}
                    aria-label={t('common.save')}
                    loading={props.renaming}
                    onClick={() => rename(item)}
                  />
                </Tooltip>
                <Tooltip title={t('common.cancel')}>
                  <Button
                    icon={<CloseOutlined aria-hidden />}
                    aria-label={t('common.cancel')}
                    onClick={() => setEditing(null)}
                  />
                </Tooltip>
              </Flex>
              <NameTranslationsFields maxLength={props.maxLength} rules={rules} />
            </Flex>
          </Form>
        ) : (
          <Typography.Text type={props.dimmed?.(item) ? 'secondary' : undefined}>{item.name}</Typography.Text>
        ),
    },
    ...(props.columns ?? []),
    {
      key: 'actions',
      title: t('common.actions'),
      align: 'end',
      width: 96,
      render: (_, item) => (
        <Space size={0}>
          <Tooltip title={t('common.edit')}>
            <Button
              type="text"
              icon={<EditOutlined aria-hidden />}
              aria-label={`${t('common.edit')} ${item.name}`}
              onClick={() => {
                renaming.setFieldsValue({ name: item.name, name_translations: item.name_translations ?? {} });
                setEditing(item.id);
              }}
            />
          </Tooltip>
          <Tooltip title={t('common.delete')}>
            <Button
              type="text"
              danger
              icon={<DeleteOutlined aria-hidden />}
              aria-label={`${t('common.delete')} ${item.name}`}
              onClick={() => void askDelete(item)}
            />
          </Tooltip>
        </Space>
      ),
    },
  ];

  return (
    <Drawer
      open={props.open}
      onClose={() => {
        setEditing(null);
        adding.resetFields();
        props.onClose();
      }}
      title={props.title}
      placement={isRtl(i18n.language) ? 'left' : 'right'}
      size="min(640px, 100vw)"
      destroyOnHidden
    >
      {!props.items ? (
        <Skeleton active />
      ) : (
        <Flex vertical gap={16}>
          <Typography.Text type="secondary">{props.intro}</Typography.Text>
          <Form form={adding} name={props.formName} layout="vertical" onFinish={create} requiredMark={false}>
            <Flex gap={8} align="end" wrap>
              <Form.Item
                name="name"
                label={props.texts.newName}
                rules={rules('name')}
                style={{ flex: '1 1 260px', marginBottom: 0 }}
              >
                <Input
                  ref={input}
                  maxLength={props.maxLength}
                  placeholder={props.texts.placeholder}
                  autoFocus
                />
              </Form.Item>
              <Button
                type="primary"
                htmlType="submit"
                icon={<PlusOutlined aria-hidden />}
                loading={props.adding}
              >
                {props.texts.add}
              </Button>
            </Flex>
            <NameTranslationsFields maxLength={props.maxLength} rules={rules} />
          </Form>
          <Table<Item>
            rowKey="id"
            size="small"
            columns={columns}
            dataSource={props.items}
            loading={props.loading}
            pagination={false}
            aria-label={props.title}
            locale={{
              emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={props.texts.empty} />,
            }}
          />
        </Flex>
      )}
    </Drawer>
  );
}
