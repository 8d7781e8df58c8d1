import { api } from './http';

/**
 * Fetches a file from the API with the bearer token (through the one HTTP
 * client, so a refusal is an ApiError like any other) and hands it to the
 * browser as a download under the given name.
 */
export async function downloadFile(path: string, fileName: string): Promise<void> {
  const blob = await api.get<Blob>(path, { blob: true });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Give the browser time to start the download before the URL is released.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
