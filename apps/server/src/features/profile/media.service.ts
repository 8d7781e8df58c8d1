import {
  DOCUMENT_MAX_BYTES,
  type DocumentUpload,
  PHOTO_MAX_BYTES,
  type ProfileDocument,
} from '@hr/contracts/employees';
import { MESSAGES, NOTICES } from '@hr/contracts/messages';
import type { Db } from '../../db/client';
import { auditChange } from '../../lib/audit';
import type { AuthContext } from '../../lib/auth-context';
import { domainError, fieldError } from '../../lib/errors';
import { type PhotoSize, photoUrls, verifyPhotoSignature } from '../../lib/signed-urls';
import {
  attachment,
  decodeBase64,
  decodedSize,
  documentType,
  imageFormat,
  photoSizes,
  servedFileName,
} from '../../lib/uploads';
import { accessTo, authorize } from './profile.access';
import { profileRepository as repo } from './profile.repository';

/** The error ids the web app tells photo failures apart by (SPEC.md §8). */
export const PHOTO_ERRORS = {
  format: 'invalid_image_format',
  unreadable: 'image_unreadable',
  tooLarge: 'photo_too_large',
} as const;

/** Profile photos and documents. */
export class MediaService {
  constructor(
    private readonly db: Db,
    private readonly secret: string,
  ) {}

  /**
   * PATCH employees/photo/{id}: a PNG or JPEG, told by its content; decoded,
   * resized to the three sizes and stored; the photo version goes up so
   * every photo URL changes.
   */
  async uploadPhoto(auth: AuthContext, employeeId: number, base64: string) {
    authorize(await accessTo(this.db, auth, employeeId), 'edit:photo');
    const size = decodedSize(base64);
    if (size === 0) throw fieldError('photo', MESSAGES.photoRequired);
    if (size > PHOTO_MAX_BYTES) throw domainError(PHOTO_ERRORS.tooLarge, {}, 'photo');
    const data = decodeBase64(base64);
    if (data.length === 0) throw fieldError('photo', MESSAGES.photoRequired);
    const format = imageFormat(data);
    if (!format) throw domainError(PHOTO_ERRORS.format, {}, 'photo');
    // Refused by its header (too many pixels) or when it does not decode.
    const sizes = await photoSizes(data, format, 'photo');
    const version = await this.db.transaction(async (tx) => {
      const v = await repo.savePhoto(tx, employeeId, sizes);
      await auditChange(tx, auth, {
        action: 'photo_upload',
        employeeId,
        section: 'photo',
        before: { photo: v > 1 ? v - 1 : null },
        after: { photo: v },
        data: { version: v, bytes: data.length, format },
      });
      return v;
    });
    return { message: NOTICES.updated, photo: photoUrls(this.secret, employeeId, version)! };
  }

  /** GET files/photos/{employeeId}/{size}?v=&s=: the signature stands in for a token. */
  async photo(employeeId: number, size: PhotoSize, version: number, signature: string) {
    if (!verifyPhotoSignature(this.secret, employeeId, version, size, signature))
      throw domainError('photo_not_found');
    const row = await repo.photo(this.db, employeeId, size);
    if (!row) throw domainError('photo_not_found');
    return { mime: row.mime, data: row.data, current: row.version === version };
  }

  async documents(auth: AuthContext, employeeId: number): Promise<ProfileDocument[]> {
    authorize(await accessTo(this.db, auth, employeeId), 'read');
    return this.listDocuments(employeeId);
  }

  private async listDocuments(employeeId: number): Promise<ProfileDocument[]> {
    return (await repo.documents(this.db, employeeId)).map((d) => ({
      id: d.id,
      name: d.name,
      file_name: servedFileName(d.fileName),
      mime: d.mime,
      size: d.size,
      created: d.createdAt.toISOString(),
    }));
  }

  private async document(employeeId: number, documentId: number) {
    const doc = (await this.listDocuments(employeeId)).find((d) => d.id === documentId);
    if (!doc) throw domainError('document_not_found');
    return doc;
  }

  /** POST employees/{id}/files: a document as base64, at most 5 MB decoded. */
  async uploadDocument(auth: AuthContext, employeeId: number, input: DocumentUpload) {
    authorize(await accessTo(this.db, auth, employeeId), 'edit:files');
    const size = decodedSize(input.file);
    if (size === 0) throw fieldError('file', MESSAGES.fileRequired);
    if (size > DOCUMENT_MAX_BYTES) throw domainError('file_too_large', {}, 'file');
    const data = decodeBase64(input.file);
    if (data.length === 0) throw fieldError('file', MESSAGES.fileRequired);
    const id = await this.db.transaction(async (tx) => {
      const documentId = await repo.insertDocument(tx, employeeId, {
        name: input.name,
        fileName: input.file_name,
        mime: documentType(data, input.file_name),
        data,
        createdBy: auth.employeeId,
      });
      await auditChange(tx, auth, {
        action: 'document_upload',
        employeeId,
        section: 'files',
        itemId: documentId,
        before: null,
        after: { document: input.name, file_name: input.file_name },
        data: { document_id: documentId, bytes: data.length },
      });
      return documentId;
    });
    return this.document(employeeId, id);
  }

  /** GET employees/{id}/files/{fileId}: the bytes, for whoever may read the profile. */
  async download(auth: AuthContext, employeeId: number, documentId: number) {
    authorize(await accessTo(this.db, auth, employeeId), 'read');
    const row = await repo.documentData(this.db, employeeId, documentId);
    if (!row) throw domainError('document_not_found');
    return { mime: row.mime, data: row.data, disposition: attachment(row.fileName) };
  }

  async renameDocument(auth: AuthContext, employeeId: number, documentId: number, name: string) {
    await this.db.transaction(async (tx) => {
      authorize(await accessTo(tx, auth, employeeId), 'edit:files');
      const was = (await repo.documents(tx, employeeId)).find((d) => d.id === documentId);
      if (!was || !(await repo.renameDocument(tx, employeeId, documentId, name)))
        throw domainError('document_not_found');
      await auditChange(tx, auth, {
        action: 'document_rename',
        employeeId,
        section: 'files',
        itemId: documentId,
        before: { document: was.name },
        after: { document: name },
      });
    });
    return this.document(employeeId, documentId);
  }

  async deleteDocument(auth: AuthContext, employeeId: number, documentId: number) {
    await this.db.transaction(async (tx) => {
      authorize(await accessTo(tx, auth, employeeId), 'edit:files');
      const row = await repo.deleteDocument(tx, employeeId, documentId);
      if (!row) throw domainError('document_not_found');
      await auditChange(tx, auth, {
        action: 'document_delete',
        employeeId,
        section: 'files',
        itemId: documentId,
        before: { document: row.name },
        after: null,
        data: { document_id: documentId, name: row.name },
      });
    });
    return { message: NOTICES.dataDeleted };
  }
}
