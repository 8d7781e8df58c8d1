import { useTranslation } from 'react-i18next';
import { EnabledField as Field } from '../../../components/admin/fields';
import { LegacyEnabledField as LegacyField } from '../../../components/admin/legacy-fields';
import type { FormState } from '../../../lib/use-form';

export { Count, EnabledTag } from '../../../components/admin/fields';

/** The form's enabled switch: a disabled record stays on the records that have it, and is offered no more. */
export function EnabledField<V extends { enabled: boolean }>({ form }: { form: FormState<V> }) {
  const { t } = useTranslation();
  return <Field form={form} extra={t('organisation.common.enabledHint')} />;
}

/** The same switch on a form still drawn with Ant Design. */
export function LegacyEnabledField() {
  const { t } = useTranslation();
  return <LegacyField extra={t('organisation.common.enabledHint')} />;
}
