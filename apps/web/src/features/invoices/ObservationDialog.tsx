import TextField from '@mui/material/TextField';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/FormDialog.tsx';
import { OBSERVATION_MAX } from './draft.ts';

/**
 * The observation modal (spec 001 §2.1, §5.4): multiline, at most 80 characters on an invoice (`max`
 * for other documents: an order's observation holds 250), with Aceptar.
 */
export function ObservationDialog({
  value,
  onAccept,
  onClose,
  max = OBSERVATION_MAX,
}: {
  value: string;
  onAccept: (text: string) => void;
  onClose: () => void;
  max?: number;
}) {
  const { t } = useTranslation('invoices');
  const [text, setText] = useState(value);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    onAccept(text);
  };
  return (
    <FormDialog
      open
      title={t('observation.title')}
      onSubmit={onSubmit}
      onClose={onClose}
      submitLabel={t('app:actions.accept')}
    >
      <TextField
        autoFocus
        multiline
        minRows={3}
        label={t('observation.label')}
        value={text}
        onChange={(e) => setText(e.target.value.slice(0, max))}
        helperText={`${text.length}/${max}`}
        slotProps={{ htmlInput: { maxLength: max } }}
      />
    </FormDialog>
  );
}
