import { type SectionRatingBody, sectionRatingBody } from '@hr/contracts/epr';
import { COMMENT_MAX } from '@hr/contracts/limits';
import { NOTICES } from '@hr/contracts/messages';
import { Button, Flex, Form, type FormRule, Input, Radio, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { applyServerErrors, zodRules } from '../../../lib/forms';
import { toastSuccess } from '../../../lib/notify';
import type { SectionChange } from '../api';
import { useEprChange } from '../api';

const rules = zodRules(sectionRatingBody);

/** A rating of 1 to 3 and its comment as they stand, for whoever reads them. */
export function RatingView({
  label,
  rating,
  comment,
}: {
  label: string;
  rating: number | null;
  comment: string | null;
}) {
  const { t } = useTranslation();
  return (
    <div className="epr-rating">
      <Typography.Text type="secondary">{label}</Typography.Text>
      <div>
        {rating ? (
          <strong>
            {rating} · {t(`epr.ratings.${rating as 1 | 2 | 3}`)}
          </strong>
        ) : (
          <Typography.Text type="secondary">{t('epr.notRated')}</Typography.Text>
        )}
      </div>
      {comment ? <Typography.Paragraph className="epr-comment">{comment}</Typography.Paragraph> : null}
    </div>
  );
}

/**
 * The fields of a rating of 1 to 3 and its comment, inside a form that holds
 * them under `name` (e.g. `['stables', 0]`): `rating` and `comment`, or the
 * line manager's `lm_rating` and `lm_comment`, checked by the form's schema.
 */
export function RatingFields({
  label,
  side,
  name = [],
  rules,
  required = false,
}: {
  label: string;
  side: 'self' | 'lm';
  name?: (string | number)[];
  rules: (field: (string | number)[]) => FormRule[];
  required?: boolean;
}) {
  const { t } = useTranslation();
  const ratingField = [...name, side === 'self' ? 'rating' : 'lm_rating'];
  const commentField = [...name, side === 'self' ? 'comment' : 'lm_comment'];
  return (
    <>
      <Form.Item name={ratingField} label={label} rules={rules(ratingField)} required={required}>
        <Radio.Group
          options={([1, 2, 3] as const).map((r) => ({ value: r, label: `${r} · ${t(`epr.ratings.${r}`)}` }))}
          optionType="button"
          aria-label={label}
        />
      </Form.Item>
      <Form.Item name={commentField} label={t('epr.comment')} rules={rules(commentField)}>
        <Input.TextArea rows={2} maxLength={COMMENT_MAX} showCount />
      </Form.Item>
    </>
  );
}

/** A rating of 1 to 3 and a comment saved on their own; shown read-only unless it is the reader's turn. */
export function RatingForm({
  label,
  side,
  rating,
  comment,
  editable,
  change,
  idPrefix,
}: {
  label: string;
  side: 'self' | 'lm';
  rating: number | null;
  comment: string | null;
  editable: boolean;
  change: (body: SectionRatingBody) => SectionChange;
  /** Makes the fields' ids unique on a page with many of these forms. */
  idPrefix: string;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const save = useEprChange();
  const ratingField = side === 'self' ? 'rating' : 'lm_rating';
  const commentField = side === 'self' ? 'comment' : 'lm_comment';
  useEffect(() => {
    form.setFieldsValue({ [ratingField]: rating ?? undefined, [commentField]: comment ?? '' });
  }, [form, rating, comment, ratingField, commentField]);

  if (!editable) return <RatingView label={label} rating={rating} comment={comment} />;
  return (
    <Form
      form={form}
      name={idPrefix}
      layout="vertical"
      className="epr-rating"
      onFinish={(values: Record<string, unknown>) => {
        const body = {
          [ratingField]: values[ratingField],
          [commentField]: (values[commentField] as string | undefined) || null,
        } as SectionRatingBody;
        save.mutate(change(body), {
          onSuccess: () => toastSuccess(t('notices.saved', { defaultValue: NOTICES.saved })),
          onError: (error) => applyServerErrors(form, error),
        });
      }}
    >
      <RatingFields label={label} side={side} rules={rules} required />
      <Flex justify="end">
        <Button htmlType="submit" type="primary" loading={save.isPending}>
          {t('common.save')}
        </Button>
      </Flex>
    </Form>
  );
}
