import { TRANSLATED_LANGUAGES } from '@hr/contracts/translations';
import { Collapse, Form, type FormRule, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { NATIVE } from '../../../components/LanguageSwitcher';
import type { FieldPath } from '../validation';

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
