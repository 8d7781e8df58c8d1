import type { LanguageChoice } from '@hr/contracts/auth';
import type { Language } from '@hr/contracts/limits';
import { api } from './http';
import { changeLanguage, i18n, initialLanguage, isLanguage } from './i18n';
import { queryClient, readAgainInNewLanguage } from './query';
import { getSession } from './session';

/**
 * The user's language is kept with their account too: letters and review
 * PDFs about them come in it, and calls that name no language are answered
 * in it. Each browser shows the language picked in it; a pick saves it to the
 * account (at sign-in, when it was picked before signing in or the account
 * has none yet).
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

/** The signed-in user is known: their account learns the language this browser shows, if it should. */
export function saveLanguageIfNew(saved: string | null): void {
  // The language this browser shows, or is still loading (Arabic texts arrive after the first page).
  const current = initialLanguage();
  const pickedBefore = sessionStorage.getItem(PICKED_SIGNED_OUT);
  sessionStorage.removeItem(PICKED_SIGNED_OUT);
  if ((pickedBefore || !isLanguage(saved)) && saved !== current) save(current);
}

// Names that HR types in come from the server in the caller's language: read them again after a switch.
let shown = i18n.language;
i18n.on('languageChanged', (language: string) => {
  if (language === shown) return;
  shown = language;
  void readAgainInNewLanguage(queryClient);
});
