/**
 * A SENIAT declaration file the user downloaded, as the web records it to confirm the period as declared:
 * made by the web from the download's headers (not a server answer, so not in the contract).
 */
export type DeclarationFile = 'txt' | 'xml';

export interface DownloadedDeclaration {
  kind: DeclarationFile;
  idLocalidad: string;
  periodo: string;
  quincena: 1 | 2 | null;
  sha256: string;
  nombre: string;
  /** When the period was already declared (the stored file was served). */
  declarada: string | null;
}
