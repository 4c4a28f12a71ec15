import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { createWebhookSchema, type WebhookEvent } from '@sigece/fiscal';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../app/api.ts';
import { translateMessage } from '../../app/i18n.ts';
import { notifyError } from '../../app/notify.ts';
import { FormDialog } from '../../components/FormDialog.tsx';
import { useCompanyOptions } from '../companies/api.ts';
import { createWebhook, type SecretAnswer } from './WebhooksApi.ts';
import { WEBHOOKS_NS } from './WebhooksI18n.ts';

/** 'Agregar webhook': the company, the receiver's URL and the events, checked by the shared schema. */
export function WebhooksAddDialog({
  events,
  eventLabel,
  onClose,
  onCreated,
}: {
  events: readonly WebhookEvent[];
  eventLabel: (tipo: string) => string;
  onClose: () => void;
  onCreated: (answer: SecretAnswer) => void;
}) {
  const { t } = useTranslation(WEBHOOKS_NS);
  const companies = useCompanyOptions();
  const [localidad, setLocalidad] = useState('');
  const [url, setUrl] = useState('https://');
  const [eventos, setEventos] = useState<WebhookEvent[]>(['documento.numerado', 'documento.firmado']);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useMutation({
    mutationFn: createWebhook,
    onSuccess: onCreated,
    onError: (e) => {
      if (e instanceof ApiError && e.errors.length > 0)
        setErrors(Object.fromEntries(e.errors.map((x) => [x.path, translateMessage(x.message)])));
      notifyError(e);
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = createWebhookSchema.safeParse({ localidad, url, eventos });
    if (!parsed.success) {
      setErrors(
        Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), translateMessage(i.message)])),
      );
      return;
    }
    setErrors({});
    save.mutate(parsed.data);
  };
  return (
    <FormDialog title={t('addTitle')} onSubmit={submit} onClose={onClose} submitting={save.isPending}>
      <Stack spacing={2} sx={{ pt: 1 }}>
        <TextField
          select
          required
          label={t('fields.localidad')}
          value={localidad}
          onChange={(e) => setLocalidad(e.target.value)}
          error={Boolean(errors.localidad)}
          helperText={errors.localidad}
        >
          {(companies.data ?? []).map((c) => (
            <MenuItem key={c.id} value={c.id}>
              {c.nombre}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          required
          label={t('fields.url')}
          value={url}
          onChange={(e) => setUrl(e.target.value.slice(0, 2000))}
          error={Boolean(errors.url)}
          helperText={errors.url}
          inputMode="url"
        />
        <div>
          <FormLabel component="legend" required error={Boolean(errors.eventos)}>
            {t('fields.eventos')}
          </FormLabel>
          <FormGroup>
            {events.map((tipo) => (
              <FormControlLabel
                key={tipo}
                label={`${eventLabel(tipo)} (${tipo})`}
                control={
                  <Checkbox
                    checked={eventos.includes(tipo)}
                    onChange={(e) =>
                      setEventos((list) =>
                        e.target.checked ? [...list, tipo] : list.filter((x) => x !== tipo),
                      )
                    }
                  />
                }
              />
            ))}
          </FormGroup>
          {errors.eventos && <FormHelperText error>{errors.eventos}</FormHelperText>}
        </div>
      </Stack>
    </FormDialog>
  );
}
