import type { LanguageChoice } from '@hr/contracts/auth';
import type { Language } from '@hr/contracts/limits';
import { api } from './http';
import { changeLanguage, i18n, isLanguage } from './i18n';
import { queryClient } from './query';
import { getSession } from './session';

/**
 * The user's language lives with their account too: letters and review
 * PDFs about them come in it, and it follows them to another device. A
 * language picked before signing in is saved at sign-in; otherwise the
 * saved one is applied when the user is known.
 */
const PICKED_SIGNED_OUT = 'hr.language.picked';

function save(language: Language): void {
  void api.put<LanguageChoice>('me/language', { language }).catch(() => {
    // The choice still holds in this browser; it is saved with the next pick.
  });
}

/** The user picks a language (the language menu). */
export async function chooseLanguage(language: Language): Promise<void> {
  await changeLanguage(language);
  if (getSession()) save(language);
  else sessionStorage.setItem(PICKED_SIGNED_OUT, language);
}

/** The signed-in user is known: adopt their saved language, or save the one this browser shows. */
export function adoptSavedLanguage(saved: string | null): void {
  const current = isLanguage(i18n.language) ? i18n.language : 'en';
  const pickedBefore = sessionStorage.getItem(PICKED_SIGNED_OUT);
  sessionStorage.removeItem(PICKED_SIGNED_OUT);
  if (pickedBefore || !isLanguage(saved)) {
    if (saved !== current) save(current);
  } else if (saved !== current) {
    void changeLanguage(saved);
  }
}

// Names that HR types in come from the server in the caller's language: read them again after a switch.
i18n.on('languageChanged', () => {
  void queryClient.invalidateQueries();
});
