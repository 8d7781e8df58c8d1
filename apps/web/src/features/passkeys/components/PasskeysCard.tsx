import { DeleteOutlined, EditOutlined, KeyOutlined, PlusOutlined } from '@ant-design/icons';
import { PASSKEYS_MAX, type Passkey, passkeyRename } from '@hr/contracts/passkeys';
import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { Alert, Button, Card, Flex, List, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldDialog, type FieldDialogProps } from '../../../components/form/FieldDialog';
import { formatDateTime } from '../../../lib/dates';
import { ApiError } from '../../../lib/http';
import { confirmDialog, reportError, serverErrorText, toastSuccess } from '../../../lib/notify';
import { useAddPasskey, usePasskeys, useRemovePasskey, useRenamePasskey } from '../api';
import { passkeyErrorText } from '../errors';

/**
 * The name dialog, for a new passkey (then the browser's own dialog) or a
 * new name. Its error stays in the dialog, by the server's code or the
 * browser's (cancelled, already on this device...).
 */
function NameDialog(props: Omit<FieldDialogProps, 'field'> & { initial: string }) {
  const { t } = useTranslation();
  return (
    <FieldDialog
      {...props}
      field={{
        name: 'name',
        label: t('passkeys.name'),
        extra: t('passkeys.nameHint'),
        schema: passkeyRename,
        initial: props.initial,
        input: {
          autoFocus: true,
          autoComplete: 'off',
          maxLength: 60,
          placeholder: t('passkeys.namePlaceholder'),
        },
      }}
    />
  );
}

/** One passkey: its name, when it was added and last used, and what the reader may do with it. */
function PasskeyItem({ item, onRename }: { item: Passkey; onRename: (item: Passkey) => void }) {
  const { t } = useTranslation();
  const remove = useRemovePasskey();

  const removeIt = async () => {
    const sure = await confirmDialog({
      title: t('passkeys.removeTitle', { name: item.name }),
      content: t('passkeys.removeText'),
      okText: t('passkeys.remove'),
      danger: true,
    });
    if (!sure) return;
    remove.mutate(item.id, { onSuccess: () => toastSuccess(t('passkeys.removed')) });
  };

  const actions = [
    item.actions.includes('rename') ? (
      <Button
        key="rename"
        type="link"
        icon={<EditOutlined aria-hidden />}
        aria-label={t('passkeys.renameLabel', { name: item.name })}
        onClick={() => onRename(item)}
      >
        {t('passkeys.rename')}
      </Button>
    ) : null,
    item.actions.includes('remove') ? (
      <Button
        key="remove"
        type="link"
        danger
        icon={<DeleteOutlined aria-hidden />}
        loading={remove.isPending}
        aria-label={t('passkeys.removeLabel', { name: item.name })}
        onClick={() => void removeIt()}
      >
        {t('passkeys.remove')}
      </Button>
    ) : null,
  ].filter(Boolean);

  return (
    <List.Item actions={actions}>
      <List.Item.Meta
        avatar={<KeyOutlined aria-hidden style={{ fontSize: 20, marginTop: 4 }} />}
        title={
          <Flex gap={8} align="center" wrap>
            <span>{item.name}</span>
            {item.backed_up ? <Tag>{t('passkeys.synced')}</Tag> : null}
          </Flex>
        }
        description={
          <Flex gap={4} vertical>
            <span>{t('passkeys.addedOn', { date: formatDateTime(item.created_at) })}</span>
            <span>
              {item.last_used_at
                ? t('passkeys.lastUsed', { date: formatDateTime(item.last_used_at) })
                : t('passkeys.neverUsed')}
            </span>
          </Flex>
        }
      />
    </List.Item>
  );
}

/**
 * The Security page's passkeys (docs/decisions.md, "Passkeys"), loaded by
 * `PasskeysSection`: the
 * reader's passkeys with when each was added and last used, "Add a passkey"
 * (a name, then the browser's dialog), rename and remove (after a
 * confirmation). What may be done comes from the server (`can_add`, each
 * item's `actions`): nothing while an administrator is signed in as the person.
 */
export function PasskeysCard() {
  const { t } = useTranslation();
  const passkeys = usePasskeys();
  const add = useAddPasskey();
  const rename = useRenamePasskey();
  const [adding, setAdding] = useState(false);
  // Each "Add a passkey" opens an empty dialog of its own.
  const [addRound, setAddRound] = useState(0);
  const [renaming, setRenaming] = useState<Passkey | null>(null);
  const supported = browserSupportsWebAuthn();
  const data = passkeys.data;
  const items = data?.items ?? [];
  const readOnly = data !== undefined && !data.can_add && items.every((k) => k.actions.length === 0);

  const submitAdd = (name: string) =>
    add.mutate(name, {
      onSuccess: () => {
        setAdding(false);
        toastSuccess(t('passkeys.added'));
      },
    });
  const submitRename = (name: string) => {
    if (!renaming) return;
    rename.mutate(
      { id: renaming.id, name },
      {
        onSuccess: () => {
          setRenaming(null);
          toastSuccess(t('passkeys.renamed'));
        },
        onError: (error) => {
          if (!(error instanceof ApiError)) reportError(error);
        },
      },
    );
  };

  return (
    <Card
      className="security-section"
      title={
        <Typography.Title level={2} id="passkeys-title" style={{ fontSize: 18, margin: 0 }}>
          {t('passkeys.title')}
        </Typography.Title>
      }
      extra={
        data?.can_add && supported ? (
          <Button
            type="primary"
            icon={<PlusOutlined aria-hidden />}
            onClick={() => {
              add.reset();
              setAddRound((round) => round + 1);
              setAdding(true);
            }}
          >
            {t('passkeys.add')}
          </Button>
        ) : null
      }
      role="region"
      aria-labelledby="passkeys-title"
    >
      <Typography.Paragraph type="secondary">{t('passkeys.intro')}</Typography.Paragraph>
      {!supported ? (
        <Alert type="info" showIcon title={t('passkeys.unsupported')} style={{ marginBottom: 16 }} />
      ) : null}
      {readOnly && items.length > 0 ? (
        <Alert type="info" showIcon title={t('passkeys.asSomeoneElse')} style={{ marginBottom: 16 }} />
      ) : null}
      {data && !readOnly && items.length >= PASSKEYS_MAX ? (
        <Alert
          type="info"
          showIcon
          title={t('passkeys.limit', { max: PASSKEYS_MAX })}
          style={{ marginBottom: 16 }}
        />
      ) : null}
      {passkeys.isError ? (
        <Alert
          type="warning"
          showIcon
          title={passkeys.error instanceof ApiError ? serverErrorText(passkeys.error) : t('passkeys.failed')}
        />
      ) : data && items.length === 0 ? (
        <Typography.Paragraph style={{ margin: 0 }}>{t('passkeys.none')}</Typography.Paragraph>
      ) : (
        <List
          loading={passkeys.isLoading}
          dataSource={items}
          renderItem={(item) => <PasskeyItem item={item} onRename={setRenaming} />}
        />
      )}
      <NameDialog
        key={`add-${addRound}`}
        open={adding}
        title={t('passkeys.addTitle')}
        okText={t('passkeys.continue')}
        initial=""
        pending={add.isPending}
        error={add.error ? passkeyErrorText(add.error, t) : null}
        onSubmit={submitAdd}
        onClose={() => setAdding(false)}
      />
      <NameDialog
        key={renaming?.id ?? 'none'}
        open={renaming !== null}
        title={t('passkeys.renameTitle')}
        okText={t('common.save')}
        initial={renaming?.name ?? ''}
        pending={rename.isPending}
        error={rename.error instanceof ApiError ? serverErrorText(rename.error) : null}
        onSubmit={submitRename}
        onClose={() => {
          rename.reset();
          setRenaming(null);
        }}
      />
    </Card>
  );
}
