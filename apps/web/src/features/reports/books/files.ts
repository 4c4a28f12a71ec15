// Files a report answers in base64: saved as a download, or shown inline as a blob.

/** Saves base64 bytes as a file the browser downloads. */
export function saveBase64(base64: string, fileName: string, type: string): void {
  const url = URL.createObjectURL(base64Blob(base64, type));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function base64Blob(base64: string, type: string): Blob {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return new Blob([bytes], { type });
}

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
