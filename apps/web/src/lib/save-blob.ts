// Saves a Blob as a file through a temporary object URL and an <a download>.

export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    // Revoked on the next task: the click has started the download by then.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}
