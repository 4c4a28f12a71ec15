import './i18n.ts';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import type { ActivityAnswer, ActivityEvent, TipoDoc } from '@sigece/fiscal';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../app/api.ts';
import { formatDateTime } from '../../../components/format.ts';
import { ACTIVITY_NS } from './i18n.ts';

export const activityKey = (tipoDoc: TipoDoc, id: string) => ['activity', tipoDoc, id] as const;

/** GET /v2/documentos/:tipoDoc/:id/actividad: what happened to the document, oldest first. */
export function useDocumentActivity(tipoDoc: TipoDoc, id: string) {
  return useQuery({
    queryKey: activityKey(tipoDoc, id),
    queryFn: ({ signal }) =>
      api<ActivityAnswer>(
        `/v2/documentos/${encodeURIComponent(tipoDoc)}/${encodeURIComponent(id)}/actividad`,
        { signal },
      ).then((a) => a.result.events),
    meta: { silent: true },
  });
}

/** One event in plain words: 'Anulado por ana@empresa.com. Motivo: …'. */
function useSentence() {
  const { t } = useTranslation(ACTIVITY_NS);
  return (e: ActivityEvent) => {
    const by = e.by ?? t('system');
    const detail = e.detail ?? '';
    if (e.kind === 'creado')
      return t('kinds.creado', { by, origin: t(`origin.${detail === 'WEB' ? 'WEB' : 'API'}`) });
    if (e.kind === 'anulado' && detail) return t('kinds.anuladoMotivo', { by, detail });
    return t(`kinds.${e.kind}`, { by, detail });
  };
}

/** The activity timeline of a document's detail. */
export function ActivityTimeline({ tipoDoc, id }: { tipoDoc: TipoDoc; id: string }) {
  const { t } = useTranslation(ACTIVITY_NS);
  const activity = useDocumentActivity(tipoDoc, id);
  const sentence = useSentence();
  return (
    <section aria-labelledby={`activity-${id}`} data-testid="document-activity">
      <Typography id={`activity-${id}`} variant="subtitle1" component="h3" sx={{ fontWeight: 600, mt: 2 }}>
        {t('title')}
      </Typography>
      {activity.isError && <Typography color="error">{t('loadError')}</Typography>}
      {activity.data?.length === 0 && <Typography color="text.secondary">{t('empty')}</Typography>}
      {activity.data && activity.data.length > 0 && (
        <List dense disablePadding>
          {activity.data.map((e) => (
            <ListItem
              key={`${e.kind}-${e.at}-${e.by ?? ''}-${e.detail ?? ''}`}
              disableGutters
              divider
              data-kind={e.kind}
            >
              <ListItemText primary={sentence(e)} secondary={formatDateTime(e.at)} />
            </ListItem>
          ))}
        </List>
      )}
    </section>
  );
}
