import { type Comment, commentBody } from '@hr/contracts/kpi';
import { COMMENT_MAX } from '@hr/contracts/limits';
import { NOTICES } from '@hr/contracts/messages';
import { Alert, Avatar, Button, Empty, Flex, Form, Input, Modal, Skeleton, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/dates';
import { applyServerErrors, zodRules } from '../../lib/forms';
import { toastSuccess } from '../../lib/notify';
import { useSession } from '../../lib/session';
import { type CommentThread, useComments, useLiveComments, usePostComment } from './use-comments';
import './comments.css';

const rules = zodRules(commentBody);

function initials(name: string) {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((p) => p[0]?.toUpperCase() ?? '')
    .join('');
}

/**
 * The text a screen reader announces when a message arrives in an open chat:
 * its author and text. The messages there when the chat opens are not
 * announced (they are read in the list), nor the user's own (a toast says it
 * was sent).
 */
function useNewMessageAnnouncement(messages: Comment[] | undefined, open: boolean, me: number | undefined) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const newestSeen = useRef<number | null>(null);
  useEffect(() => {
    if (!open) {
      newestSeen.current = null;
      setText('');
      return;
    }
    if (!messages) return;
    const newest = messages.at(-1);
    const before = newestSeen.current;
    newestSeen.current = newest?.id ?? 0;
    if (before === null || !newest || newest.id <= before) return;
    const arrived = messages.filter((m) => m.id > before && m.employee.id !== me);
    if (arrived.length === 0) return;
    setText(arrived.map((m) => t('a11y.newMessage', { name: m.employee.name, text: m.comment })).join(' '));
  }, [messages, open, me, t]);
  return text;
}

/**
 * The chat of a thread (SPEC.md §2: a modal titled 'Chat...', width 800):
 * the messages oldest first, new ones arriving live, and a box to write one.
 *
 * Props: `open` and `onClose`; `thread` — `{ kind, id }` of a KPI sheet
 * (`kpi`), an objective (`kpi_objective`) or an objective KPI
 * (`kpi_objective_kpi`); `title` — what the thread is about, shown under the
 * title; `disabled` — read only (no box).
 */
export function CommentChat({
  open,
  onClose,
  thread,
  title,
  disabled,
}: {
  open: boolean;
  onClose: () => void;
  thread: CommentThread;
  title?: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ comment: string }>();
  const list = useComments(thread, open);
  const send = usePostComment(thread);
  // Why the chat stopped following its thread live (the session ended, the thread is no longer
  // the reader's, it is open in too many windows), once it has.
  const ended = useLiveComments(thread, open);
  const end = useRef<HTMLDivElement>(null);
  const count = list.data?.length ?? 0;
  const me = useSession()?.employee_id;
  const announcement = useNewMessageAnnouncement(list.data, open, me);

  useEffect(() => {
    if (open && count > 0) end.current?.scrollIntoView?.({ block: 'end' });
  }, [open, count]);

  const onFinish = ({ comment }: { comment: string }) =>
    send.mutate(comment.trim(), {
      onSuccess: () => {
        toastSuccess(t('notices.messageSubmitted', { defaultValue: NOTICES.messageSubmitted }));
        form.resetFields();
      },
      onError: (error) => applyServerErrors(form, error),
    });

  return (
    <Modal
      open={open}
      onCancel={onClose}
      title={t('comments.title')}
      width={800}
      footer={null}
      destroyOnHidden
    >
      {title ? (
        <Typography.Paragraph type="secondary" style={{ marginTop: -8 }}>
          <bdi>{title}</bdi>
        </Typography.Paragraph>
      ) : null}
      {ended ? (
        <Alert
          type="warning"
          showIcon
          role="alert"
          title={t(`comments.ended.${ended}`)}
          style={{ marginBottom: 12 }}
        />
      ) : null}
      {/* Only a message that arrives while the chat is open is read out, not the whole thread. */}
      <div className="visually-hidden" role="status" aria-live="polite" aria-atomic="true">
        {announcement}
      </div>
      <section className="comment-chat__messages" aria-label={t('comments.messages')}>
        {list.isPending ? (
          <Skeleton active />
        ) : count === 0 ? (
          <Empty description={t('comments.empty')} />
        ) : (
          <ol className="comment-chat__list">
            {list.data!.map((c) => (
              <li key={c.id} className="comment-chat__item">
                <Avatar src={c.employee.photo?.small} alt="" size={32}>
                  {initials(c.employee.name)}
                </Avatar>
                <div>
                  <Flex gap={8} align="baseline" wrap>
                    <Typography.Text strong>{c.employee.name}</Typography.Text>
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      <bdi>{formatDateTime(c.sentAt)}</bdi>
                    </Typography.Text>
                  </Flex>
                  <Typography.Paragraph
                    className="comment-chat__text"
                    style={{ margin: 0, whiteSpace: 'pre-wrap' }}
                  >
                    {c.comment}
                  </Typography.Paragraph>
                </div>
              </li>
            ))}
          </ol>
        )}
        <div ref={end} />
      </section>
      {disabled || ended === 'access' ? null : (
        <Form form={form} layout="vertical" onFinish={onFinish} style={{ marginTop: 16 }}>
          <Form.Item name="comment" label={t('comments.label')} rules={rules('comment')}>
            <Input.TextArea rows={3} maxLength={COMMENT_MAX + 1} placeholder={t('comments.placeholder')} />
          </Form.Item>
          <Flex justify="end">
            <Button type="primary" htmlType="submit" loading={send.isPending}>
              {t('comments.send')}
            </Button>
          </Flex>
        </Form>
      )}
    </Modal>
  );
}
