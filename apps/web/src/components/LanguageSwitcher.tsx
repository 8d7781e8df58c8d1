import GlobalOutlined from '@ant-design/icons-svg/es/asn/GlobalOutlined';
import { LANGUAGES, type Language } from '@hr/contracts/limits';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isLanguage, loadFontFor } from '../lib/i18n';
import { chooseLanguage } from '../lib/language-choice';
import { PlainIcon } from './PlainIcon';

/** Each language named in its own words, so anyone can find theirs. */
export const NATIVE: Record<Language, string> = {
  en: 'English',
  zh: '中文',
  ar: 'العربية',
  it: 'Italiano',
  es: 'Español',
  fr: 'Français',
};

/**
 * The language menu of the header and of the sign-in page: a menu button
 * (WAI-ARIA menu pattern) drawn without Ant Design, so the first page loads
 * none of it. Enter, Space or the down arrow open it on the current language;
 * the arrows, Home and End move; Enter or Space picks; Escape closes it and
 * gives the focus back to the button; Tab or a click elsewhere closes it.
 */
export function LanguageSwitcher({ compact = false }: { compact?: boolean }) {
  const { t, i18n } = useTranslation();
  const current = isLanguage(i18n.language) ? i18n.language : 'en';
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const id = useId();

  const close = (focusButton: boolean) => {
    setOpen(false);
    if (focusButton) button.current?.focus();
  };
  const pick = (language: Language) => {
    close(true);
    if (language !== current) void chooseLanguage(language);
  };

  // Opened, the current language takes the focus; each language's name can be drawn.
  useEffect(() => {
    if (!open) return;
    for (const language of LANGUAGES) void loadFontFor(language);
    const all = itemsOf(menu.current);
    (all[LANGUAGES.indexOf(current)] ?? all[0])?.focus();
  }, [open, current]);

  // A press outside closes the menu and leaves the focus where it went.
  useEffect(() => {
    if (!open) return;
    const onDown = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onDown);
    return () => document.removeEventListener('pointerdown', onDown);
  }, [open]);

  const onMenuKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const all = itemsOf(menu.current);
    const at = all.indexOf(document.activeElement as HTMLElement);
    const move = (to: number) => {
      event.preventDefault();
      all[(to + all.length) % all.length]?.focus();
    };
    if (event.key === 'ArrowDown') move(at + 1);
    else if (event.key === 'ArrowUp') move(at - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(all.length - 1);
    else if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    } else if (event.key === 'Tab') close(false);
  };

  return (
    <div className="plain-menu" ref={root}>
      <button
        ref={button}
        type="button"
        className="plain-button"
        aria-label={t('language.choose')}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        onClick={() => setOpen((was) => !was)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' && !open) {
            event.preventDefault();
            setOpen(true);
          }
        }}
      >
        <PlainIcon icon={GlobalOutlined} />
        <span>{compact ? current.toUpperCase() : NATIVE[current]}</span>
      </button>
      {open ? (
        <div
          ref={menu}
          id={id}
          role="menu"
          aria-label={t('language.choose')}
          className="plain-menu__list"
          onKeyDown={onMenuKey}
        >
          {LANGUAGES.map((language) => (
            <div
              key={language}
              role="menuitem"
              tabIndex={-1}
              lang={language}
              aria-current={language === current ? 'true' : undefined}
              className="plain-menu__item"
              onClick={() => pick(language)}
              onKeyDown={(event) => {
                if (event.key === 'Enter' || event.key === ' ') {
                  event.preventDefault();
                  pick(language);
                }
              }}
            >
              {NATIVE[language]}
            </div>
          ))}
        </div>
      ) : null}
    </div>
  );
}

function itemsOf(menu: HTMLElement | null): HTMLElement[] {
  return Array.from(menu?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
}
