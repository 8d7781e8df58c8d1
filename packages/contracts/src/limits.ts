/** Business constants and limits of SPEC.md §9, shared by the server and the web app. */

export const APP_ID = 3;

/** A sign-in session lasts 22 hours. */
export const SESSION_MS = 79_200_000;
/** An impersonation session lasts 24 hours. */
export const IMPERSONATION_MS = 86_400_000;

export const OTP_LENGTH = 4;
export const OTP_SECONDS = 300;
/** Wrong tries allowed for one code before it is locked. */
export const OTP_MAX_ATTEMPTS = 5;
/** A reset link is valid for one hour. */
export const RESET_LINK_MS = 3_600_000;

export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 20;
export const EID_MAX = 32;

export const PASSPORT_MIN = 4;
export const PASSPORT_MAX = 32;
/**
 * EPR-area images (SPEC.md §5: JPG or PNG, under 200 KB): the limit the
 * EPR upload checks on the server, as photo uploads check theirs (size
 * before decoding, type by content). Profile photos (2 MB) and documents
 * (5 MB) have their limits in `employees.ts`.
 */
export const IMAGE_MAX_BYTES = 200 * 1024;
export const COMMENT_MAX = 2000;
export const ADDRESS_MAX = 250;
export const MOBILE_LENGTH = 11;

export const PAGE_SIZES = [10, 20, 50] as const;
export const DEFAULT_PAGE_SIZE = 10;
export const TEAM_CARD_PAGE_SIZE = 20;
export const DEFAULT_SORT = 'id,desc';

export const SEARCH_DEBOUNCE_MS = 600;
export const TOAST_SECONDS = 5;
export const SIDEBAR_BREAKPOINT_PX = 992;
export const SCROLL_TOP_AFTER_PX = 300;

export const DATE_FORMAT = 'DD-MM-YYYY';
export const DATE_TIME_FORMAT = 'DD-MM-YYYY HH:mm';
export const PROFILE_TIMESTAMP_FORMAT = 'DD-MM-YYYY - HH:mm';
export const TIME_FORMAT = 'HH:mm';

export const LANGUAGES = ['en', 'zh', 'ar', 'it', 'es', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];
export const RTL_LANGUAGES: readonly Language[] = ['ar'];
