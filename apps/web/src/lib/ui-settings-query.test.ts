import { describe, expect, it } from 'vitest';
import { settingsFromQuery } from './ui-settings-query';

describe('settingsFromQuery', () => {
  it('reads the short values', () => {
    expect(settingsFromQuery('?theme=dark&nav-style=collapsed&layout-type=boxed')).toEqual({
      theme: 'dark',
      navStyle: 'mini',
      layoutType: 'boxed',
    });
  });

  it("reads the template's constants, in any case", () => {
    expect(
      settingsFromQuery('?theme=THEME_TYPE_DARK&nav-style=NAV_STYLE_DRAWER&layout-type=LAYOUT_TYPE_FRAMED'),
    ).toEqual({
      theme: 'dark',
      navStyle: 'drawer',
      layoutType: 'framed',
    });
    expect(settingsFromQuery('?theme=THEME_TYPE_LITE')).toEqual({ theme: 'light' });
  });

  it('ignores unknown values and other parameters', () => {
    expect(settingsFromQuery('?theme=purple&nav-style=&page=2')).toEqual({});
    expect(settingsFromQuery('')).toEqual({});
  });
});
