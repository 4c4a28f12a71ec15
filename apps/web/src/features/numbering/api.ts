import type {
  AutoNumbering,
  BranchLotInput,
  BranchLotView,
  CompanyLotInput,
  ControlFamily,
  ControlLot,
  InvoiceNumberRange,
  WithholdingRange,
} from '@sigece/fiscal';
import { useQuery } from '@tanstack/react-query';
import { type Answer, api } from '../../app/api.ts';

export type {
  AutoNumbering,
  ControlBlocks,
  ControlFamily,
  ControlLot,
  ControlLotSummary,
  InvoiceNumberRange,
  WithholdingRange,
} from '@sigece/fiscal';
/** A branch lot carved from an individual company lot. */
export type BranchLot = BranchLotView;

/** The add-lot bodies, as the server's schemas read them; the family picks the route. */
export type CompanyLotBody = CompanyLotInput & { tipoFacturaOrden: ControlFamily };
export type BranchLotBody = BranchLotInput;

export type AutoTarget = 'Localidad' | 'Sucursal';

const CONTROL = '/v2/mantenimiento/control';
const AUTO = '/v2/mantenimiento/nroFacturaAuto';

export const numberingKey = ['numbering'] as const;
export const companyLotsKey = (companyId: string, familia: ControlFamily) =>
  [...numberingKey, 'lots', companyId, familia] as const;
export const branchLotsKey = (branchId: string, familia: ControlFamily) =>
  [...numberingKey, 'branchLots', branchId, familia] as const;
export const autoNumberingKey = (id: string, tipo: AutoTarget) =>
  [...numberingKey, 'auto', tipo, id] as const;
export const withholdingNumbersKey = (companyId: string) =>
  [...numberingKey, 'retenciones', companyId] as const;

const LOTS_PATH: Record<ControlFamily, string> = {
  FACTURA: 'getcontrolesSucursaleLocalidad',
  ORDEN: 'getcontrolesOrdenesSucursaleLocalidad',
  RETENCION: 'getcontrolesRetenciones',
};

export const fetchCompanyLots = (companyId: string, familia: ControlFamily, signal?: AbortSignal) =>
  api<{ code: number; results: ControlLot[] }>(`${CONTROL}/${LOTS_PATH[familia]}`, {
    method: 'POST',
    body: { id_localidad: companyId, tipo: 'Localidad' },
    signal,
  }).then((a) => a.results);

export function useCompanyLots(companyId: string | undefined, familia: ControlFamily) {
  return useQuery({
    queryKey: companyLotsKey(companyId ?? '', familia),
    queryFn: ({ signal }) => fetchCompanyLots(companyId!, familia, signal),
    enabled: Boolean(companyId),
  });
}

export function useBranchLots(branchId: string | undefined, familia: ControlFamily) {
  return useQuery({
    queryKey: branchLotsKey(branchId ?? '', familia),
    queryFn: ({ signal }) =>
      api<{ code: number; results: BranchLot[] }>(`${CONTROL}/getcontrolesSucursaleLocalidadOrdenesGuia`, {
        method: 'POST',
        body: { id_sucursal: branchId, tipo: 'Sucursal', tipoFacturaOrden: familia },
        signal,
      }).then((a) => a.results),
    enabled: Boolean(branchId),
  });
}

const ADD_COMPANY_LOT: Record<ControlFamily, string> = {
  FACTURA: '/v2/facturas/addcontrolLoc',
  ORDEN: '/v2/facturas/addcontrolOrdenGuiaLoc',
  RETENCION: `${CONTROL}/AddControlRetencion`,
};

export const addCompanyLot = (body: CompanyLotBody) =>
  api<Answer<ControlLot>>(ADD_COMPANY_LOT[body.tipoFacturaOrden], { method: 'POST', body });

export const addBranchLot = (familia: 'FACTURA' | 'ORDEN', body: BranchLotBody) =>
  api<Answer<BranchLot>>(
    `${CONTROL}/${familia === 'FACTURA' ? 'addcontrolsucur' : 'addcontrolsucurOrdenGuia'}`,
    {
      method: 'POST',
      body,
    },
  );

// --- Automatic invoice numbers ---------------------------------------------------------------------------

export function useAutoNumbering(id: string, tipo: AutoTarget) {
  return useQuery({
    queryKey: autoNumberingKey(id, tipo),
    queryFn: ({ signal }) =>
      api<{ code: number; result: AutoNumbering }>(`${AUTO}/getConsultaNroFacturaAuto`, {
        method: 'POST',
        body: { id, tipo },
        signal,
      }).then((a) => a.result),
  });
}

/** Switching on sets GLOBAL, off sets INACTIVO (spec 000 §4). */
export const setAutoNumberingMode = (id: string, tipo: AutoTarget, on: boolean) =>
  api<Answer<{ id: string; tipo: string; asignaNroFacturas: string }>>(`${AUTO}/updateActivityNroFactura`, {
    method: 'POST',
    body:
      tipo === 'Sucursal'
        ? { id_localidad: id, id_sucursal: id, asignaNroFacturas: on ? 'GLOBAL' : 'INACTIVO', tipo }
        : { id_localidad: id, asignaNroFacturas: on ? 'GLOBAL' : 'INACTIVO', tipo },
  });

export const addInvoiceNumberRange = (
  tipo: AutoTarget,
  body: { id: string; serie: string; nroFacturaDesde: number; cantidadFacturas: number },
) =>
  api<Answer<InvoiceNumberRange>>(
    `${AUTO}/${tipo === 'Sucursal' ? 'AddUpdateControlfacturaAutoSucursal' : 'AddUpdateControlfacturaAuto'}`,
    { method: 'POST', body },
  );

export const deleteInvoiceNumberRange = (id: string) =>
  api<Answer<InvoiceNumberRange>>(`${AUTO}/deleteAsignaNroFactura`, { method: 'POST', body: { id } });

// --- Automatic withholding numbers -----------------------------------------------------------------------

export function useWithholdingNumbers(companyId: string) {
  return useQuery({
    queryKey: withholdingNumbersKey(companyId),
    queryFn: ({ signal }) =>
      api<{ code: number; results: WithholdingRange[] }>(`${CONTROL}/getnroRetenciones/${companyId}`, {
        signal,
      }).then((a) => a.results),
  });
}

export const addWithholdingNumbers = (body: {
  id_localidad: string;
  serie: string;
  nroDesde: number;
  cantidad: number;
  asignaNro: boolean;
}) => api<Answer<WithholdingRange>>(`${CONTROL}/AddNroRetenciones`, { method: 'POST', body });
