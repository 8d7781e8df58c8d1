import { CaretDownOutlined } from '@ant-design/icons';
import { TreeSelect, type TreeSelectProps } from 'antd';
import { useMemo } from 'react';
import { groupTreeData, useGroups } from './api';

/**
 * A picker of group items (departments, teams, projects), under their groups
 * as headings, searchable by name. The caret is hidden from screen readers, so
 * an item is named by its name alone.
 */
export function GroupTreeSelect(props: Omit<TreeSelectProps, 'treeData' | 'loading'>) {
  const groups = useGroups();
  const treeData = useMemo(() => groupTreeData(groups.data), [groups.data]);
  return (
    <TreeSelect
      allowClear
      treeDefaultExpandAll
      showSearch={{ treeNodeFilterProp: 'title' }}
      switcherIcon={<CaretDownOutlined aria-hidden />}
      {...props}
      treeData={treeData}
      loading={groups.isLoading}
    />
  );
}
