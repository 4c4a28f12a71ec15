import './i18n.ts';
import Clear from '@mui/icons-material/Clear';
import PersonAddAlt1Outlined from '@mui/icons-material/PersonAddAlt1Outlined';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../app/i18n.ts';
import { notifySuccess } from '../../app/notify.ts';
import { DetailList } from '../DetailList.tsx';
import { type Client, clientDocumentMask, clientsKey, searchClients } from './api.ts';
import { ClientFormDialog } from './ClientFormDialog.tsx';
import { CLIENT_NS } from './i18n.ts';

/** The longest name searched (a client's name holds 90 characters). */
const NAME_SEARCH_MAX = 90;
/** Letters mean a name; 'V-1234' (a document type's letter before digits) is still a number. */
const isName = (text: string) => /\p{L}/u.test(text.replace(/^[VEJGPC]-?(?=\d)/i, ''));

export interface ClientPickerProps {
  /** The company (localidad) whose clients are searched; without it the picker is disabled. */
  localidadId: string | null | undefined;
  /** The chosen client, or null. */
  value: Client | null;
  onChange: (client: Client | null) => void;
  /** Hide the "new client" button (default: shown). */
  allowCreate?: boolean;
  disabled?: boolean;
  /** A message under the search field (e.g. the form's "client required"). */
  error?: string;
}

/** Waits this long after the last key before asking the server. */
const DEBOUNCE_MS = 250;

function useDebounced<T>(value: T, ms: number): T {
  const [current, setCurrent] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setCurrent(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return current;
}

/**
 * Panel 'Clientes' of the invoice screens (spec 002 §2.11, 001 §2.1): autocomplete by document number
 * within one company (at most 10 suggestions, matched from the start, shown as 'tipo-numero / name';
 * 'No hay registros' when none), the chosen client's detail card and a new-client modal.
 */
export function ClientPicker({
  localidadId,
  value,
  onChange,
  allowCreate = true,
  disabled,
  error,
}: ClientPickerProps) {
  const { t } = useTranslation(CLIENT_NS);
  const [input, setInput] = useState('');
  const [open, setOpen] = useState(false);
  const [creating, setCreating] = useState(false);
  // Digits search the document number; letters search the name.
  const byName = isName(input);
  const typed = byName ? '' : clientDocumentMask(input);
  const term = useDebounced(byName ? input.trim().slice(0, NAME_SEARCH_MAX) : typed, DEBOUNCE_MS);
  const inactive = disabled || !localidadId;

  const suggestions = useQuery({
    queryKey: [...clientsKey, 'picker', localidadId, term],
    queryFn: ({ signal }) => searchClients(localidadId as string, term, signal),
    enabled: !inactive && open,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });

  // A choice emptied from outside (a fresh draft) leaves no stale search text behind.
  useEffect(() => {
    if (!value) setInput('');
  }, [value]);

  // A new company empties the choice: a client belongs to one company.
  useEffect(() => {
    if (value && localidadId && value.id_localidad !== localidadId) onChange(null);
  }, [localidadId, value, onChange]);

  const options = suggestions.data?.results ?? [];

  return (
    <Card variant="outlined" data-testid="client-picker">
      <CardHeader
        title={t('panelTitle')}
        slotProps={{ title: { variant: 'subtitle1', component: 'h2', fontWeight: 600 } }}
        action={
          allowCreate && (
            <Tooltip title={t('newClient')}>
              <span>
                <IconButton aria-label={t('newClient')} disabled={inactive} onClick={() => setCreating(true)}>
                  <PersonAddAlt1Outlined />
                </IconButton>
              </span>
            </Tooltip>
          )
        }
        sx={{ pb: 0 }}
      />
      <CardContent>
        <Autocomplete<Client, false, false, false>
          value={value}
          onChange={(_, client) => onChange(client)}
          inputValue={value && !open ? value.etiqueta : input}
          onInputChange={(_, next, reason) => {
            // A number keeps only its digits, a name its text; choosing an option shows its label instead.
            if (reason === 'input')
              setInput(isName(next) ? next.slice(0, NAME_SEARCH_MAX) : clientDocumentMask(next));
            else if (reason === 'clear') setInput('');
          }}
          open={open}
          onOpen={() => {
            setOpen(true);
            if (value) setInput('');
          }}
          onClose={() => setOpen(false)}
          options={options}
          filterOptions={(x) => x}
          getOptionLabel={(c) => c.etiqueta}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          loading={suggestions.isFetching}
          loadingText={t('loading')}
          noOptionsText={t('noRecords')}
          disabled={inactive}
          renderOption={(props, c) => {
            const { key, ...rest } = props as typeof props & { key: string };
            return (
              <li key={key} {...rest}>
                {c.etiqueta}
              </li>
            );
          }}
          renderInput={(params) => (
            <TextField
              {...params}
              label={t('search')}
              placeholder={t('searchPlaceholder')}
              error={!!error}
              helperText={error ?? (!localidadId ? t('selectCompany') : undefined)}
              slotProps={{
                ...params.slotProps,
                htmlInput: {
                  ...params.slotProps?.htmlInput,
                  'data-testid': 'client-picker-input',
                },
              }}
            />
          )}
        />
        {value && <ClientCard client={value} onClear={disabled ? undefined : () => onChange(null)} />}
      </CardContent>
      {creating && localidadId && (
        <ClientFormDialog
          localidadId={localidadId}
          initialDocument={typed}
          onClose={() => setCreating(false)}
          onSaved={(client, message) => {
            notifySuccess(translateMessage(message || t('created')));
            setCreating(false);
            setInput('');
            onChange(client);
          }}
        />
      )}
    </Card>
  );
}

/** The chosen client's detail card. */
export function ClientCard({ client, onClear }: { client: Client; onClear?: () => void }) {
  const { t } = useTranslation(CLIENT_NS);
  const rows: Array<[string, ReactNode]> = [
    [t('detail.documento'), `${client.tipoDocumento}-${client.numeroDocumento}`],
    [t('detail.nombre'), client.identificacion],
    [t('detail.correo'), client.correo ?? '—'],
    ...(client.ccCorreo ? ([[t('detail.ccCorreo'), client.ccCorreo]] as Array<[string, ReactNode]>) : []),
    [t('detail.direccion'), client.direccion ?? '—'],
    [t('detail.telefono'), client.telefonoMovil ?? '—'],
    [t('detail.contribuyenteEspecial'), client.contribuyenteEspecial ? t('detail.yes') : t('detail.no')],
    [
      t('detail.tipoProveedor'),
      t(`providerTypes.${client.tipoProveedor}`, { defaultValue: client.tipoProveedor }),
    ],
  ];
  return (
    <Paper variant="outlined" sx={{ mt: 2, p: 1.5 }} data-testid="client-card">
      <Stack direction="row" sx={{ alignItems: 'flex-start' }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <DetailList rows={rows} />
        </Box>
        {onClear && (
          <Tooltip title={t('clear')}>
            <IconButton size="small" aria-label={t('clear')} onClick={onClear}>
              <Clear fontSize="small" />
            </IconButton>
          </Tooltip>
        )}
      </Stack>
    </Paper>
  );
}
