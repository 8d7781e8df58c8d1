/**
 * The look-and-feel settings of the shell and how the query parameters
 * `theme`, `nav-style` and `layout-type` set them (SPEC.md §2). Both short
 * values (`dark`) and the template's constants (`THEME_TYPE_DARK`) are understood.
 */
export type ThemeName = 'light' | 'dark';
export type NavStyle = 'fixed' | 'mini' | 'drawer';
export type LayoutType = 'full' | 'boxed' | 'framed';

export interface UiSettings {
  theme: ThemeName;
  navStyle: NavStyle;
  layoutType: LayoutType;
}

const THEMES: Record<string, ThemeName> = {
  light: 'light',
  lite: 'light',
  theme_type_lite: 'light',
  theme_type_light: 'light',
  dark: 'dark',
  theme_type_dark: 'dark',
  'semi-dark': 'light',
  theme_type_semi_dark: 'light',
};
const NAV_STYLES: Record<string, NavStyle> = {
  fixed: 'fixed',
  nav_style_fixed: 'fixed',
  expanded: 'fixed',
  mini: 'mini',
  collapsed: 'mini',
  'mini-sidebar': 'mini',
  nav_style_mini_sidebar: 'mini',
  drawer: 'drawer',
  nav_style_drawer: 'drawer',
};
const LAYOUTS: Record<string, LayoutType> = {
  full: 'full',
  layout_type_full: 'full',
  boxed: 'boxed',
  layout_type_boxed: 'boxed',
  framed: 'framed',
  layout_type_framed: 'framed',
};

/** Reads `theme`, `nav-style` and `layout-type` from a query string; unknown values are ignored. */
export function settingsFromQuery(search: string): Partial<UiSettings> {
  const params = new URLSearchParams(search);
  const patch: Partial<UiSettings> = {};
  const theme = THEMES[params.get('theme')?.toLowerCase() ?? ''];
  const nav = NAV_STYLES[params.get('nav-style')?.toLowerCase() ?? ''];
  const layout = LAYOUTS[params.get('layout-type')?.toLowerCase() ?? ''];
  if (theme) patch.theme = theme;
  if (nav) patch.navStyle = nav;
  if (layout) patch.layoutType = layout;
  return patch;
}
