import PlusOutlined from '@ant-design/icons-svg/es/asn/PlusOutlined';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PlainIcon } from '../PlainIcon';
import { Button } from '../plain/Button';
import { Segmented } from '../plain/Segmented';

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
  const create = props.createLabel ?? t('common.create');
  return (
    <div className="plain-row">
      {props.extra}
      <Segmented<T>
        value={props.listType}
        onChange={props.onListType}
        options={[
          { value: own, label: t(props.ownLabel ?? 'lists.self') },
          { value: team, label: t('lists.team') },
        ]}
        label={t('lists.view')}
      />
      {props.onCreate ? (
        <Button
          variant="primary"
          circle
          icon={<PlainIcon icon={PlusOutlined} />}
          onClick={props.onCreate}
          aria-label={create}
          data-tip={create}
        />
      ) : null}
    </div>
  );
}
