import { download } from '../../components/DataTable/exportRows.ts';

/** Saves a document's JSON as a file of that name (the SENIAT consult's download). */
export function saveJson(name: string, data: unknown): void {
  download(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json;charset=utf-8' }), name);
}
