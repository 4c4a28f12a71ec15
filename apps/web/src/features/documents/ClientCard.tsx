import './i18n.ts';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import { useTranslation } from 'react-i18next';
import {
  type Client,
  ClientCard as ClientDetail,
  ClientPicker,
} from '../../components/ClientPicker/index.ts';
import { DOCUMENTS_NS } from './i18n.ts';

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
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardHeader
        title={t('client.title')}
        slotProps={{ title: { variant: 'subtitle1', component: 'h2', fontWeight: 600 } }}
        sx={{ pb: 0 }}
      />
      <CardContent>{client ? <ClientDetail client={client} /> : t('client.none')}</CardContent>
    </Card>
  );
}
