/** The administration machinery other features' reference screens are made with. */
export { ADMIN_LANGUAGE, ADMIN_RESOURCES } from './api';
export { NameTranslationsFields, saveNames } from './components/NameTranslationsFields';
export { ResourcePage } from './components/ResourcePage';
