import { type NameTranslations, TRANSLATED_LANGUAGES } from '@hr/contracts/translations';
import { Collapse, Form, type FormInstance, type FormRule, Input } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { applyAdminErrors, type FieldPath } from '../../lib/admin-forms';
import { loadFontFor } from '../../lib/i18n';
import { NATIVE } from '../LanguageSwitcher';

/**
 * The name in the portal's other languages, under the English one: each
 * field in its own language and direction; one left empty shows the English
 * name to people reading that language. `rules` are the form's own (its
 * contract schema), so a name too long says what the English one would.
 */
export function NameTranslationsFields({
  maxLength,
  rules,
}: {
  maxLength: number;
  rules: (field: FieldPath) => FormRule[];
}) {
  const { t } = useTranslation();
  // Each language's name and field can be drawn, whatever fonts the machine has.
  useEffect(() => {
    for (const language of TRANSLATED_LANGUAGES) void loadFontFor(language);
  }, []);
  return (
    <Collapse
      size="small"
      items={[
        {
          key: 'names',
          label: t('admin.common.nameTranslations'),
          forceRender: true,
          children: (
            <>
              <p className="admin-hint">{t('admin.common.nameTranslationsHint')}</p>
              {TRANSLATED_LANGUAGES.map((language) => (
                <Form.Item
                  key={language}
                  name={['name_translations', language]}
                  label={<span lang={language}>{NATIVE[language]}</span>}
                  rules={rules(['name_translations', language])}
                >
                  <Input lang={language} dir={language === 'ar' ? 'rtl' : 'ltr'} maxLength={maxLength} />
                </Form.Item>
              ))}
            </>
          ),
        },
      ]}
    />
  );
}

/**
 * Saves a row renamed in place (a drawer's subject or behaviour): its name
 * and its names in other languages. Nothing is sent when the form's own
 * checks fail; the server's field errors land on the form. True once saved.
 */
export async function saveNames(
  form: FormInstance<{ name: string; name_translations?: NameTranslations }>,
  save: (body: { name: string; name_translations: NameTranslations }) => Promise<unknown>,
): Promise<boolean> {
  let typed: { name: string };
  try {
    typed = await form.validateFields();
  } catch {
    return false;
  }
  try {
    await save({ name: typed.name, name_translations: form.getFieldValue('name_translations') ?? {} });
    return true;
  } catch (error) {
    applyAdminErrors(form, error);
    return false;
  }
}
