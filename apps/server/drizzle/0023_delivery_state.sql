-- 0023_delivery_state: each document's e-mail delivery as its lists and detail show it (issue 21 item 3).
-- Written by hand (see README, "Layout"). One row per document once an e-mail is queued for it; no row
-- means not sent. The attempts themselves stay in mail_messages (the e-mail log).
create table document_deliveries (
  tipo_doc text not null,
  id_documento uuid not null,
  estado text not null,
  correo text[] not null default '{}'::text[],
  cc_correo text[] not null default '{}'::text[],
  status_code text,
  status_text text,
  intentos integer not null default 0,
  actualizado timestamp with time zone not null default now(),
  primary key (tipo_doc, id_documento),
  constraint document_deliveries_estado_check check (estado in ('EN_COLA', 'ENVIADO', 'FALLIDO'))
);
