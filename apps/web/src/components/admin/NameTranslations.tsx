import { TRANSLATED_LANGUAGES } from '@hr/contracts/translations';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadFontFor } from '../../lib/i18n';
import type { FormState } from '../../lib/use-form';
import { NATIVE } from '../LanguageSwitcher';
import { Field, TextInput } from '../plain/Field';

/**
 * The name in the portal's other languages, under the English one, folded
 * away until opened: each field in its own language and direction; one left
 * empty shows the English name to people reading that language. The form's
 * schema checks them, so a name too long says what the English one would;
 * a fold holding a wrong name opens.
 */
export function NameTranslations<V extends object>({
  form,
  maxLength,
}: {
  form: FormState<V>;
  maxLength: number;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  // Each language's name and field can be drawn, whatever fonts the machine has.
  useEffect(() => {
    for (const language of TRANSLATED_LANGUAGES) void loadFontFor(language);
  }, []);
  const fields = TRANSLATED_LANGUAGES.map((language) => ({
    language,
    field: form.field<string | undefined>(`name_translations.${language}`),
  }));
  const wrong = fields.some((f) => f.field.error !== null);
  const shown = open || wrong;
  const bodyId = useId();
  return (
    <div className="plain-fold" data-open={shown || undefined}>
      <button
        type="button"
        className="plain-fold__head"
        aria-expanded={shown}
        aria-controls={bodyId}
        onClick={() => setOpen(!shown)}
      >
        {t('admin.common.nameTranslations')}
      </button>
      <div className="plain-fold__body" id={bodyId} hidden={!shown}>
        <p className="admin-hint">{t('admin.common.nameTranslationsHint')}</p>
        {fields.map(({ language, field }) => (
          <Field key={language} label={<span lang={language}>{NATIVE[language]}</span>} field={field}>
            {(props) => (
              <TextInput
                {...props}
                lang={language}
                dir={language === 'ar' ? 'rtl' : 'ltr'}
                maxLength={maxLength}
              />
            )}
          </Field>
        ))}
      </div>
    </div>
  );
}
