import type { Api } from 'grammy';

/** Telegram lets a bot download files of up to 20 MB; a batch file is far smaller, and this bound is the caller's to set lower. */
class FileDownloadError extends Error {
  override name = 'FileDownloadError';
}

/**
 * Fetches the bytes of a file a user sent: getFile for its path, then the
 * Bot API's file download. The download address holds the bot token, so no
 * error raised here ever carries it: only the status or the error's name.
 */
export function createFileDownload(deps: { api: Api; token: string; apiRoot?: string; maxBytes: number; timeoutMs?: number }) {
  const root = (deps.apiRoot ?? 'https://api.telegram.org').replace(/\/+$/, '');
  return async (fileId: string): Promise<Uint8Array> => {
    const file = await deps.api.getFile(fileId);
    if (!file.file_path) throw new FileDownloadError('Telegram gave no path for the file');
    if ((file.file_size ?? 0) > deps.maxBytes) throw new FileDownloadError('file too large');
    let response: Response;
    try {
      response = await fetch(`${root}/file/bot${deps.token}/${file.file_path}`, { signal: AbortSignal.timeout(deps.timeoutMs ?? 30_000) });
    } catch (error) {
      throw new FileDownloadError(`download failed: ${error instanceof Error ? error.name : 'error'}`);
    }
    if (!response.ok) throw new FileDownloadError(`download answered ${response.status}`);
    const bytes = new Uint8Array(await response.arrayBuffer());
    if (bytes.length > deps.maxBytes) throw new FileDownloadError('file too large');
    return bytes;
  };
}
