import { DEFAULT_STATUS_TEXT } from '@hr/contracts/errors';
import type { ImportFileBody } from '@hr/contracts/imports';
import { ApiError, buildUrl, errorMessage } from '../../lib/http';
import { endSession, getSession } from '../../lib/session';

/** A file's bytes as base64 (without the `data:` prefix). */
export function fileAsBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = String(reader.result);
      resolve(url.slice(url.indexOf(',') + 1));
    };
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsDataURL(file);
  });
}

/**
 * Sends a file to an import (`POST <path>`). The body goes through
 * XMLHttpRequest rather than fetch: only its upload events tell how much of
 * the body has left (fetch has no upload progress). `onSent` is told the
 * share sent, from 0 to 1; once the whole file is sent the server checks and
 * imports it and answers when it is done. Failures are the http client's
 * `ApiError`s; a 401 ends the session as every other call does.
 */
export function uploadImportFile<T>(
  path: string,
  body: ImportFileBody,
  onSent: (share: number) => void,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const session = getSession();
    const xhr = new XMLHttpRequest();
    xhr.open('POST', buildUrl(path));
    xhr.setRequestHeader('accept', 'application/json');
    xhr.setRequestHeader('content-type', 'application/json');
    if (session) xhr.setRequestHeader('authorization', `Bearer ${session.token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onSent(event.loaded / event.total);
    };
    xhr.upload.onload = () => onSent(1);
    xhr.onerror = () => reject(new ApiError(0, DEFAULT_STATUS_TEXT[503] ?? 'service unavailable', null));
    xhr.onload = () => {
      let answer: unknown = null;
      try {
        answer = JSON.parse(xhr.responseText);
      } catch {
        answer = null;
      }
      if (xhr.status >= 200 && xhr.status < 300 && answer) return resolve(answer as T);
      const errorBody = answer && typeof answer === 'object' ? (answer as ApiError['body']) : null;
      if (xhr.status === 401 && session && getSession()?.token === session.token) endSession('unauthorized');
      reject(new ApiError(xhr.status, errorMessage(xhr.status, errorBody), errorBody));
    };
    xhr.send(JSON.stringify(body));
  });
}
