import type { TipoDoc } from '../family.ts';

/** The public page that verifies a document (spec 002 §2.12); also its QR code's target. */
export const verificationUrl = (publicUrl: string, id: string, tipoDoc: TipoDoc) =>
  `${publicUrl}/certificar/${id}/${tipoDoc}`;
