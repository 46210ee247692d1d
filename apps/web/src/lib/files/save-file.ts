/** Some browsers start a download or open a tab after click() returns; the URL is freed a little later. */
const REVOKE_AFTER_MS = 60_000;

/** Saves bytes made in the browser (an Excel file, a PDF fetched with the session's token) as a download. */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}

/**
 * Shows a document (a PDF) in a new tab; where the browser blocks the tab (the click that asked was
 * too long ago), it is downloaded instead.
 */
export function openBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const tab = window.open(url, '_blank');
  if (!tab) {
    URL.revokeObjectURL(url);
    downloadBlob(blob, fileName);
    return;
  }
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}
