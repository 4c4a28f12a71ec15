import { COMPANY_MESSAGES, LOGO_MAX_BYTES } from '@sigece/fiscal';
import { badRequest } from '../../http/errors.ts';

const JPEG = Buffer.from([0xff, 0xd8, 0xff]);
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Base64 or a data URL → bytes; the content, not the name, decides the format. */
function decode(value: string): Buffer {
  const base64 = value.replace(/^data:[^;]+;base64,/, '').replace(/\s/g, '');
  return Buffer.from(base64, 'base64');
}

export function decodeLogo(value: string, field = 'logo'): Buffer {
  const bytes = decode(value);
  if (!bytes.subarray(0, 3).equals(JPEG)) {
    throw badRequest(COMPANY_MESSAGES.logoJpgOnly, [{ path: field, message: COMPANY_MESSAGES.logoJpgOnly }]);
  }
  if (bytes.length > LOGO_MAX_BYTES) {
    throw badRequest(COMPANY_MESSAGES.fileTooHeavy, [
      { path: field, message: COMPANY_MESSAGES.fileTooHeavy },
    ]);
  }
  return bytes;
}

export function decodeStamp(value: string, field = 'base64Sello'): Buffer {
  const bytes = decode(value);
  if (!bytes.subarray(0, 8).equals(PNG)) {
    throw badRequest(COMPANY_MESSAGES.stampPngOnly, [
      { path: field, message: COMPANY_MESSAGES.stampPngOnly },
    ]);
  }
  if (bytes.length > LOGO_MAX_BYTES) {
    throw badRequest(COMPANY_MESSAGES.fileTooHeavy, [
      { path: field, message: COMPANY_MESSAGES.fileTooHeavy },
    ]);
  }
  return bytes;
}
