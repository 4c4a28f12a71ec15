/**
 * A company or branch as the user form offers it: the web's projection of the companies' and branches'
 * lists (id, name and, for a branch, its company), not a server answer.
 */
export interface NamedEntity {
  id: string;
  nombre: string;
  /** Branches: the company they belong to. */
  id_localidad?: string;
}
