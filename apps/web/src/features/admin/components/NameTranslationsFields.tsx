import { TRANSLATED_LANGUAGES } from '@hr/contracts/translations';
import { Collapse, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { NATIVE } from '../../../components/LanguageSwitcher';

/**
 * The name in the portal's other languages, under the English one: each
 * field in its own language and direction; one left empty shows the English
 * name to people reading that language.
 */
export function NameTranslationsFields({ maxLength }: { maxLength: 60 | 100 }) {
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
                  rules={[{ max: maxLength, message: t(`validation.maxLength${maxLength}`) }]}
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
