// A multipart/form-data body built by hand (`form-data` is not installed), for the upload routes.
import { randomBytes } from 'node:crypto';

export type MultipartPart =
  | { name: string; value: string }
  | { name: string; filename: string; contentType?: string; data: Buffer };

/** The body and its content type; a file part without its own type is sent as `fileType`. */
export function multipart(
  parts: MultipartPart[],
  fileType = 'application/octet-stream',
): { body: Buffer; contentType: string } {
  const boundary = `----sigece${randomBytes(12).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if ('data' in part) {
      chunks.push(
        Buffer.from(
          `Content-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\n` +
            `Content-Type: ${part.contentType ?? fileType}\r\n\r\n`,
        ),
      );
      chunks.push(part.data);
      chunks.push(Buffer.from('\r\n'));
    } else {
      chunks.push(
        Buffer.from(`Content-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}
