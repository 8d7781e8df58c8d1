/** Data rights: "Download my data" (/account/data) and HR's erasure of a leaver (/admin/erasure). */
export { dataRightsKeys } from './keys';
