import { PlusOutlined } from '@ant-design/icons';
import { Button, Flex, Segmented, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface Props<T extends string> {
  listType: T;
  listTypes: readonly [T, T];
  onListType: (value: T) => void;
  /** The own view's label key: lists.self, or lists.own for HR services. */
  ownLabel?: 'lists.self' | 'lists.own';
  onCreate?: () => void;
  createLabel?: string;
  extra?: ReactNode;
}

/** Self/Team toggle and the circular plus button that opens the create form. */
export function ListToolbar<T extends string>(props: Props<T>) {
  const { t } = useTranslation();
  const [own, team] = props.listTypes;
  return (
    <Flex gap={8} align="center" wrap>
      {props.extra}
      <Segmented<T>
        value={props.listType}
        onChange={props.onListType}
        options={[
          { value: own, label: t(props.ownLabel ?? 'lists.self') },
          { value: team, label: t('lists.team') },
        ]}
        aria-label={t('lists.view')}
      />
      {props.onCreate ? (
        <Tooltip title={props.createLabel ?? t('common.create')}>
          <Button
            type="primary"
            shape="circle"
            icon={<PlusOutlined aria-hidden />}
            onClick={props.onCreate}
            aria-label={props.createLabel ?? t('common.create')}
          />
        </Tooltip>
      ) : null}
    </Flex>
  );
}
