import type { MassLoadStatus, MassLoadTypeInfo, MassLoadUpload } from '@sigece/fiscal';
import { type Answer, api, apiBase64 } from '../../app/api.ts';
import { download } from '../../components/DataTable/exportRows.ts';
import { apiForm } from '../companies/api.ts';

/** The company screen's mass load (spec 000 "Mass load", spec 001 §5.8, §8.7). */
const BASE = '/v2/mantenimiento/localidad';
const LOADS = `${BASE}/cargaMasiva`;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export type { MassLoadStatus };
/** A file type as the dialog offers it. */
export type FileTypeInfo = MassLoadTypeInfo;
/** What the upload answers: the stored load and the documents found in the file. */
export type UploadResult = MassLoadUpload;

export const massLoadKey = ['mass-load'] as const;

export const fetchFileTypes = () => api<Answer<FileTypeInfo[]>>(`${LOADS}/tipos`);
export const fetchLatestLoad = (localidadId: string) =>
  api<Answer<MassLoadStatus | null>>(LOADS, { query: { id_localidad: localidadId } });
export const processLoad = (id: string) =>
  api<Answer<MassLoadStatus>>(`${LOADS}/${id}/procesar`, { method: 'POST' });

export const uploadLoad = (input: { localidadId: string; tipo: string; file: File }) =>
  apiForm<Answer<UploadResult>>(`${BASE}/excelToJson`, 'POST', () => {
    const form = new FormData();
    form.append('tipo', input.tipo);
    form.append('id_localidad', input.localidadId);
    form.append('nombreArchivo', input.file.name);
    form.append('archivoXls', input.file, input.file.name);
    return form;
  });

async function downloadXlsx(path: string, fileName: string) {
  const base64 = await apiBase64(path);
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  download(new Blob([bytes], { type: XLSX }), fileName);
}

export const downloadTemplate = (tipo: string) =>
  downloadXlsx(`${LOADS}/plantilla/${encodeURIComponent(tipo)}`, `plantilla_${tipo}.xlsx`);
export const downloadResult = (load: MassLoadStatus) =>
  downloadXlsx(`${LOADS}/${load.id}/resultado`, `resultado_${load.tipo}_${load.id.slice(0, 8)}.xlsx`);
