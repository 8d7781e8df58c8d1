import i18next from 'i18next';

/**
 * The portal's one i18next instance. lib/i18n.ts sets it up (texts, languages,
 * the number formatter); lib/format.ts reads its language. Both import it from
 * here, so neither imports the other.
 */
export const i18n = i18next.createInstance();
