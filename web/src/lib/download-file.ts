/** Hands a file made in the page (an export, a calendar entry) to the browser as a download. */
export function downloadFile(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the object URL goes away.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
