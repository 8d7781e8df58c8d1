import type { ThemeConfig } from 'antd';

/**
 * Colours that reach WCAG AA contrast (4.5:1 for text) where Ant Design's
 * defaults fall short. Checked by the axe-core browser tests on every screen.
 */

type Mode = 'light' | 'dark';

/**
 * Text tokens. Descriptions, statistic titles and empty-list texts use the
 * tertiary text (Ant Design's 45 % black is 3.4:1 on white): 60 % is 5.3:1
 * on the grey page and 5.7:1 on white. Placeholders (25 %, 1.8:1) become
 * 57 %: 5.1:1 on white, 4.7:1 on a disabled field's grey, still lighter
 * than a typed value.
 *
 * On the light theme, the background of a selected menu item or option
 * (generated from the brand colour as a grey teal, 2.6:1 under the brand
 * colour's text) becomes a pale teal (4.8:1; 4.6:1 hovered), and the error
 * colour (3.3:1 on white: form errors, the Logout item) the palette's darker
 * red (5.6:1). A primary button under the pointer darkens (white on
 * #115e59 is 7.6:1) where Ant Design would lighten it below 4.5:1.
 */
export function contrastTokens(mode: Mode): NonNullable<ThemeConfig['token']> {
  return mode === 'dark'
    ? {
        colorTextTertiary: 'rgba(255, 255, 255, 0.6)',
        colorTextPlaceholder: 'rgba(255, 255, 255, 0.55)',
        // Links in the brand colour are 2.7:1 on the dark background; a lighter teal is 7.1:1.
        colorLink: '#2bb3a3',
      }
    : {
        colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
        colorTextPlaceholder: 'rgba(0, 0, 0, 0.57)',
        colorPrimaryHover: '#115e59',
        colorPrimaryBg: '#e6f4f1',
        colorPrimaryBgHover: '#dcefeb',
        colorError: '#cf1322',
      };
}

/**
 * Tag colours on the light theme. A coloured tag writes in the palette's 7th
 * shade on its 1st; for cyan, green, orange and volcano that is 3.3 to 4.4:1,
 * so they write in the 8th shade (5.1 to 6.4:1), and yellow, lime and gold in
 * the 9th (5.2 to 6.6:1). The status tags (success, processing, error,
 * warning) write in their colour's darker shade: 5.1 to 6.5:1 on their
 * background. Each tag also says its meaning in words.
 */
export function tagContrast(mode: Mode): NonNullable<ThemeConfig['components']>['Tag'] {
  if (mode === 'dark') return {};
  return {
    cyan7: '#006d75',
    green7: '#237804',
    orange7: '#ad4e00',
    volcano7: '#ad2102',
    yellow7: '#876800',
    lime7: '#3f6600',
    gold7: '#874d00',
    colorSuccess: '#237804',
    colorInfo: '#0958d9',
    colorError: '#cf1322',
    colorWarning: '#874d00',
  };
}

/** A table's empty text ("No KPIs yet.") is drawn in the disabled colour (1.8:1): it is the tertiary text here. */
export function tableContrast(mode: Mode): NonNullable<ThemeConfig['components']>['Table'] {
  return { colorTextDisabled: contrastTokens(mode).colorTextTertiary };
}
