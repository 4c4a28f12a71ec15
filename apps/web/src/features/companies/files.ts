/** The bytes of a chosen file and its base64 text (what the server's `logo` and `base64Sello` take). */
export async function readFile(file: File): Promise<{ bytes: Uint8Array; base64: string }> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  const chunk = 0x8000;
  for (let i = 0; i < bytes.length; i += chunk) {
    binary += String.fromCharCode(...bytes.subarray(i, i + chunk));
  }
  return { bytes, base64: btoa(binary) };
}

const startsWith = (bytes: Uint8Array, magic: number[]) => magic.every((b, i) => bytes[i] === b);

/** The content decides, as on the server: JPEG starts FF D8 FF, PNG with its 8-byte signature. */
export const isJpeg = (bytes: Uint8Array) => startsWith(bytes, [0xff, 0xd8, 0xff]);
export const isPng = (bytes: Uint8Array) =>
  startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
