import { useTranslation } from 'react-i18next';
import { EnabledField as Field } from '../../../components/admin/fields';

export { Count, EnabledTag } from '../../../components/admin/fields';

/** The form's enabled switch: a disabled record stays on the records that have it, and is offered no more. */
export function EnabledField() {
  const { t } = useTranslation();
  return <Field extra={t('organisation.common.enabledHint')} />;
}
