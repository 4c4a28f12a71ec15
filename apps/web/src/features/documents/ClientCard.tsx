import './i18n.ts';
import { useTranslation } from 'react-i18next';
import {
  type Client,
  ClientCard as ClientDetail,
  ClientPicker,
} from '../../components/ClientPicker/index.ts';
import { DOCUMENTS_NS } from './i18n.ts';
import { SectionCard } from './SectionCard.tsx';

export interface DocumentClientCardProps {
  /** The company whose clients may be chosen; the card stays disabled until there is one. */
  localidadId: string | null;
  client: Client | null;
  /** Given: the client is searched and chosen (new invoice). Left out: read-only (a note shows its invoice's client). */
  onChange?: (client: Client | null) => void;
}

/**
 * The client of a document being issued: the search-by-document picker (with 'new client') while it can
 * change, the client's detail once fixed. Disabled, with a hint, until a company is chosen.
 */
export function DocumentClientCard({ localidadId, client, onChange }: DocumentClientCardProps) {
  const { t } = useTranslation(DOCUMENTS_NS);
  if (onChange) return <ClientPicker localidadId={localidadId} value={client} onChange={onChange} />;
  return (
    <SectionCard title={t('client.title')} sx={{ height: '100%' }}>
      {client ? <ClientDetail client={client} /> : t('client.none')}
    </SectionCard>
  );
}
