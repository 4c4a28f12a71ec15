-- 0028_annulled_pdfs: a document annulled is visibly annulled (issue 19 item 8, issue 21 item 10). Written by hand.
-- One row per annulled document of any family: when and by whom it was annulled, the reason given, and the
-- signed PDF marked 'ANULADA' rendered after it. The original PDF and its checksum stay in the family's table.
create table document_annulments (
  tipo_doc text not null,
  id_documento uuid not null,
  anulada_en timestamptz not null default now(),
  anulada_por text,
  motivo text,
  pdf bytea,
  pdf_sha256 text,
  pdf_estado text not null default 'PENDIENTE',
  pdf_error text,
  pdf_generated_at timestamptz,
  constraint document_annulments_pdf_estado_ck check (pdf_estado in ('PENDIENTE', 'GENERADA', 'FALLIDA')),
  primary key (tipo_doc, id_documento)
);
--> statement-breakpoint
create index document_annulments_pendientes_idx on document_annulments (anulada_en) where pdf_estado = 'PENDIENTE';
--> statement-breakpoint
-- Issue 21 item 11: a document's activity timeline reads the audit entries of that one record.
create index audit_log_entity_idx on audit_log (entity_id, at) where entity_id is not null;
