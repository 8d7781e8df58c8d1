/** Data rights: "Download my data" (a zip of everything about the caller) and HR's erasure of a leaver. */
export { dataRightsRoutes } from './data-rights.routes';
