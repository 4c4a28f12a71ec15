import type { Deps } from '../../deps.ts';
import { renderDocument } from '../issuance/render/render.ts';

/** Renders, signs and stores an invoice's PDF now (the kernel's render, as its job runs it). */
export const generateInvoicePdf = (deps: Deps, id: string): Promise<void> => renderDocument(deps, 'fact', id);
