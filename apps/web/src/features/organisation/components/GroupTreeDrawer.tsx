import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { type GroupTreeItem, groupTreeCreate } from '@hr/contracts/employee-search';
import {
  Button,
  Drawer,
  Empty,
  Flex,
  Form,
  Input,
  type InputRef,
  Skeleton,
  Tag,
  Tooltip,
  Tree,
  TreeSelect,
  Typography,
} from 'antd';
import type { DataNode } from 'antd/es/tree';
import { type Key, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminRules, applyAdminErrors } from '../../../lib/admin-forms';
import { confirmDelete } from '../../../lib/confirm-delete';
import { isRtl } from '../../../lib/i18n';
import { reportError, toastSuccess } from '../../../lib/notify';
import { useGroup, useTreeMutations } from '../api';
import '../organisation.css';

const rules = adminRules(groupTreeCreate);

interface ItemValues {
  name: string;
  parent_id?: number | null;
}

interface Choice {
  value: number;
  title: string;
  children: Choice[];
}

const allIds = (items: GroupTreeItem[]): number[] => items.flatMap((i) => [i.id, ...allIds(i.children)]);
const choices = (items: GroupTreeItem[]): Choice[] =>
  items.map((i) => ({ value: i.id, title: i.name, children: choices(i.children) }));

/**
 * The tree of one group: its items, each with the employees in it. An item
 * is added at the top or under the item chosen (picked in the tree, with its
 * plus button, or in the form); an item nobody belongs to is deleted with
 * the items below it. The tree takes the arrow keys, Enter picks an item,
 * and every button is reached with Tab.
 */
export function GroupTreeDrawer({ groupId, onClose }: { groupId: number | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const group = useGroup(groupId);
  const { add, remove } = useTreeMutations(groupId ?? 0);
  const [form] = Form.useForm<ItemValues>();
  const parentId = Form.useWatch('parent_id', form) ?? null;
  const input = useRef<InputRef>(null);
  const [collapsed, setCollapsed] = useState<Set<number>>(new Set());
  const tree = group.data?.tree ?? [];
  const name = group.data?.name ?? '';

  const under = (id: number | null) => {
    form.setFieldsValue({ parent_id: id });
    input.current?.focus();
  };

  const save = async (values: ItemValues) => {
    try {
      await add.mutateAsync({ name: values.name, parent_id: values.parent_id ?? null });
      toastSuccess(t('notices.saved'));
      if (values.parent_id) setCollapsed((c) => new Set([...c].filter((id) => id !== values.parent_id)));
      form.setFieldsValue({ name: '' });
      input.current?.focus();
    } catch (error) {
      applyAdminErrors(form, error);
    }
  };

  const askDelete = async (item: GroupTreeItem) => {
    if (!(await confirmDelete(item.name))) return;
    try {
      await remove.mutateAsync(item.id);
      toastSuccess(t('notices.deleted', { name: item.name }));
      if (parentId !== null && !allIds([item]).includes(parentId)) return;
      form.setFieldsValue({ parent_id: null });
    } catch (error) {
      reportError(error);
    }
  };

  const node = (item: GroupTreeItem): DataNode => ({
    key: item.id,
    title: (
      <span className="organisation-tree-node">
        <span className="organisation-tree-node__name">{item.name}</span>
        <Tag bordered={false} color={item.employees_count > 0 ? 'geekblue' : undefined}>
          {t('organisation.groups.membersCount', { count: item.employees_count })}
        </Tag>
        <span className="organisation-tree-node__actions">
          <Tooltip title={t('organisation.groups.addUnder', { name: item.name })}>
            <Button
              size="small"
              type="text"
              icon={<PlusOutlined aria-hidden />}
              aria-label={t('organisation.groups.addUnder', { name: item.name })}
              onClick={(e) => {
                e.stopPropagation();
                under(item.id);
              }}
            />
          </Tooltip>
          <Tooltip title={t('organisation.groups.deleteItem', { name: item.name })}>
            <Button
              size="small"
              type="text"
              danger
              icon={<DeleteOutlined aria-hidden />}
              aria-label={t('organisation.groups.deleteItem', { name: item.name })}
              onClick={(e) => {
                e.stopPropagation();
                void askDelete(item);
              }}
            />
          </Tooltip>
        </span>
      </span>
    ),
    children: item.children.map(node),
  });
  const treeData = tree.map(node);

  const expanded = allIds(tree).filter((id) => !collapsed.has(id));

  return (
    <Drawer
      open={groupId !== null}
      onClose={onClose}
      title={name ? t('organisation.groups.treeTitle', { name }) : t('organisation.groups.items')}
      placement={isRtl(i18n.language) ? 'left' : 'right'}
      size="min(560px, 100vw)"
      destroyOnHidden
    >
      {!group.data ? (
        <Skeleton active />
      ) : (
        <Flex vertical gap={16}>
          <Typography.Text type="secondary">{t('organisation.groups.treeHint')}</Typography.Text>
          <Form<ItemValues>
            form={form}
            name="group-item"
            layout="vertical"
            requiredMark="optional"
            initialValues={{ name: '', parent_id: null }}
            onFinish={save}
          >
            <Form.Item name="name" label={t('organisation.groups.itemName')} rules={rules('name')} required>
              <Input ref={input} maxLength={100} autoFocus />
            </Form.Item>
            <Flex gap={8} align="flex-start" wrap>
              <Form.Item
                name="parent_id"
                label={t('organisation.groups.under')}
                style={{ flex: '1 1 220px', marginBottom: 0 }}
              >
                <TreeSelect
                  allowClear
                  treeDefaultExpandAll
                  treeData={choices(tree)}
                  placeholder={t('organisation.groups.topLevel')}
                  showSearch={{ treeNodeFilterProp: 'title' }}
                />
              </Form.Item>
              <Button
                type="primary"
                htmlType="submit"
                icon={<PlusOutlined aria-hidden />}
                loading={add.isPending}
                className="organisation-inline-submit"
              >
                {t('organisation.groups.addItem')}
              </Button>
            </Flex>
          </Form>
          {tree.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('organisation.groups.noItems')} />
          ) : (
            <Tree
              className="organisation-tree"
              aria-label={t('organisation.groups.treeTitle', { name })}
              blockNode
              showLine
              treeData={treeData}
              expandedKeys={expanded}
              onExpand={(keys: Key[]) => {
                const open = new Set(keys.map(Number));
                setCollapsed(new Set(allIds(tree).filter((id) => !open.has(id))));
              }}
              selectedKeys={parentId === null ? [] : [parentId]}
              onSelect={(keys: Key[]) => under(keys.length > 0 ? Number(keys[0]) : null)}
            />
          )}
        </Flex>
      )}
    </Drawer>
  );
}
